import type { LoadDocumentDto } from '@freight/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../components/ui/toaster', () => ({ notify: vi.fn() }));

const { useLoadDocumentsStore } = await import('./loadDocuments');
const { socketRoutes } = await import('./socketRoutes');

const doc = (kind: LoadDocumentDto['kind'], ready: boolean): LoadDocumentDto => ({
  id: kind,
  kind,
  freightId: 'f1',
  title: kind,
  fileName: `${kind}.pdf`,
  url: `/api/freight/f1/documents/${kind}.pdf`,
  ready,
  size: ready ? 1000 : null,
  version: ready ? 1 : null,
  rate: ready ? 2400 : null,
  createdAt: ready ? '2030-01-01T00:00:00.000Z' : null,
});

describe('load documents store', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useLoadDocumentsStore.setState(useLoadDocumentsStore.getInitialState());
  });

  it('a pushed document replaces its pending entry, in kind order; an unloaded load is left alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ items: [doc('rate_confirmation', false)], total: 1 }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await useLoadDocumentsStore.getState().load('f1');
    socketRoutes['freight:document']?.({ freightId: 'f1', document: doc('proof_of_delivery', true) });
    socketRoutes['freight:document']?.({ freightId: 'f1', document: doc('rate_confirmation', true) });
    const shown = useLoadDocumentsStore.getState().byId.f1.data!.documents;
    expect(shown.map((d) => [d.kind, d.ready])).toEqual([
      ['rate_confirmation', true],
      ['proof_of_delivery', true],
    ]);
    socketRoutes['freight:document']?.({ freightId: 'f2', document: doc('rate_confirmation', true) });
    expect(useLoadDocumentsStore.getState().byId.f2).toBeUndefined();
  });
});
