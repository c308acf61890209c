import { describe, expect, it, vi } from 'vitest';
import { createListStore, createPagedListStore, createDetailStore } from './resourceStore';

interface Item {
  id: string;
  name: string;
}
const a: Item = { id: 'a', name: 'A' };
const b: Item = { id: 'b', name: 'B' };

describe('createListStore', () => {
  it('loads, then reports a failure with its message', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce({ items: [a], total: 1 })
      .mockRejectedValueOnce(new Error('500: boom'));
    const store = createListStore<Item>({ name: 'items', fetch });
    expect(store.getState().status).toBe('idle');
    await store.getState().load();
    expect(store.getState()).toMatchObject({ items: [a], total: 1, status: 'loaded', error: null });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('refetches only once a screen has loaded it', async () => {
    const fetch = vi.fn().mockResolvedValue({ items: [a] });
    const store = createListStore<Item>({ name: 'items', fetch });
    await store.getState().refetch();
    expect(fetch).not.toHaveBeenCalled();
    await store.getState().load();
    store.getState().markStale();
    await store.getState().refetch();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.getState().stale).toBe(false);
  });

  it('patches, upserts and removes items for socket events', async () => {
    const store = createListStore<Item>({ name: 'items', fetch: async () => ({ items: [a], total: 1 }) });
    store.getState().upsert(b);
    expect(store.getState().items).toEqual([]); // idle: nothing shown yet
    await store.getState().load();
    store.getState().upsert(b);
    store.getState().upsert({ ...b, name: 'B2' });
    store.getState().patch('a', { name: 'A2' });
    expect(store.getState().items).toEqual([
      { id: 'b', name: 'B2' },
      { id: 'a', name: 'A2' },
    ]);
    expect(store.getState().total).toBe(2);
    store.getState().remove('a');
    store.getState().remove('unknown');
    expect(store.getState()).toMatchObject({ items: [{ id: 'b', name: 'B2' }], total: 1 });
  });

  it('adds the store’s own fields and actions', async () => {
    const store = createListStore<Item, { count: number; bump: () => void }>({
      name: 'items',
      fetch: async () => ({ items: [] }),
      extend: (set) => ({ count: 0, bump: () => set((s) => ({ count: s.count + 1 })) }),
    });
    store.getState().bump();
    expect(store.getState().count).toBe(1);
  });

  it('takes its own fields from the answer', async () => {
    const store = createListStore<Item, { label: string }, { items: Item[]; label: string }>({
      name: 'items',
      fetch: async () => ({ items: [a], label: 'hub' }),
      fromAnswer: ({ label }) => ({ label }),
      extend: () => ({ label: '' }),
    });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ items: [a], label: 'hub' });
  });
});

/** A paged store whose requests wait until the test answers them, in the order they were made (`answers[n]`). */
function answeredByHand(pageSize: number) {
  const answers: Array<(items: Item[]) => void> = [];
  const store = createPagedListStore<Item>({
    name: 'items',
    pageSize,
    fetchPage: (page, size) =>
      new Promise((resolve) =>
        answers.push((items) => resolve({ items, page, pageSize: size, total: items.length })),
      ),
  });
  return { store, answers };
}

describe('createPagedListStore', () => {
  const pages = [[a], [b]];
  const fetchPage = vi.fn(async (page: number, pageSize: number) => ({
    items: pages[page - 1],
    page,
    pageSize,
    total: 2,
    extra: page * 10,
  }));

  it('goes to a page, grows with loadMore and stops at the end', async () => {
    const store = createPagedListStore<Item, Awaited<ReturnType<typeof fetchPage>>, { extra: number }>({
      name: 'items',
      pageSize: 1,
      fetchPage,
      fromPage: (answer) => ({ extra: answer.extra }),
      extend: () => ({ extra: 0 }),
    });
    await store.getState().goToPage(2);
    expect(store.getState()).toMatchObject({ items: [b], page: 2, total: 2, extra: 20 });
    await store.getState().load();
    await store.getState().loadMore();
    expect(store.getState()).toMatchObject({ items: [a, b], page: 2, status: 'loaded' });
    fetchPage.mockClear();
    await store.getState().loadMore();
    expect(fetchPage).not.toHaveBeenCalled();
    await store.getState().refetch(); // a grown list starts again at page 1
    expect(store.getState()).toMatchObject({ items: [a], page: 1 });
  });

  it('shows the newest request’s answer when an older one answers after it', async () => {
    const { store, answers } = answeredByHand(1);
    const first = store.getState().load(); // the board's first load...
    const search = store.getState().goToPage(1); // ...then a search, answered first
    answers[1]([b]);
    await search;
    answers[0]([a, b]);
    await first;
    expect(store.getState()).toMatchObject({ items: [b], total: 1, status: 'loaded' });
  });

  it('keeps the pushes that arrive while a reload is on its way, over an answer read before them', async () => {
    const { store, answers } = answeredByHand(10);
    const first = store.getState().load();
    answers[0]([a]);
    await first;

    const reload = store.getState().refetch(); // the catch-up after a connect...
    store.getState().upsert(b); // ...a load posted meanwhile, pushed before the answer...
    store.getState().patch('a', { name: 'A2' });
    answers[1]([a]); // ...which the server read before the post
    await reload;
    expect(store.getState()).toMatchObject({ items: [b, { id: 'a', name: 'A2' }], total: 2 });

    // Once no load is on its way, a later answer stands alone.
    store.getState().remove('b');
    const next = store.getState().refetch();
    answers[2]([a, b]);
    await next;
    expect(store.getState()).toMatchObject({ items: [a, b], total: 2 });
  });
});

describe('createDetailStore', () => {
  it('loads by id and refetches the ids it holds', async () => {
    const fetch = vi.fn(async (id: string) => ({ id, name: id.toUpperCase() }));
    const store = createDetailStore<Item>({ name: 'item', fetch });
    await store.getState().load('a');
    expect(store.getState().byId.a).toMatchObject({ data: a, status: 'loaded' });
    store.getState().patch('a', { name: 'A2' });
    expect(store.getState().byId.a.data?.name).toBe('A2');
    await store.getState().refetch();
    expect(fetch).toHaveBeenCalledTimes(2);
    store.getState().remove('a');
    expect(store.getState().byId.a).toBeUndefined();
  });

  it('shows the newest load of an id when an older one answers after it', async () => {
    const answers: Array<(item: Item) => void> = [];
    const store = createDetailStore<Item>({
      name: 'item',
      fetch: () => new Promise<Item>((resolve) => answers.push(resolve)),
    });
    const before = store.getState().load('a'); // a reload a push started, read before the change...
    const after = store.getState().load('a'); // ...and the one after the change, answered first
    answers[1]!({ id: 'a', name: 'Booked' });
    await after;
    answers[0]!({ id: 'a', name: 'Posted' });
    await before;
    expect(store.getState().byId.a).toMatchObject({ data: { name: 'Booked' }, status: 'loaded' });
  });

  it('loads again when a push changes an id whose load is on its way, and shows only the later read', async () => {
    // The tracking page's documents: the delivery's reload is on its way when the proof of delivery is pushed ready.
    const answers: Array<(item: Item) => void> = [];
    const store = createDetailStore<Item>({
      name: 'item',
      fetch: () => new Promise<Item>((resolve) => answers.push(resolve)),
    });
    const first = store.getState().load('a');
    answers[0]!({ id: 'a', name: 'Loaded' });
    await first;
    const reload = store.getState().load('a'); // read before the push...
    store.getState().patch('a', { name: 'Ready' }); // ...the push...
    expect(answers).toHaveLength(3); // ...asks for a read after it
    answers[1]!({ id: 'a', name: 'Preparing' });
    await reload;
    expect(store.getState().byId.a?.data?.name).toBe('Ready');
    answers[2]!({ id: 'a', name: 'Ready' });
    await vi.waitFor(() => expect(store.getState().byId.a).toMatchObject({ data: { name: 'Ready' } }));
    store.getState().patch('a', { name: 'Renamed' }); // no load on its way: a push asks for nothing
    expect(answers).toHaveLength(3);
  });
});
