import { describe, expect, it } from 'vitest';
import { EMPTY_LOAD_BOARD_FILTERS, type FreightListingDto } from '@freight/shared';
import { matchesBoardFilters, withBoardPush, withoutListing, type BoardView } from './boardPush';

const listing = (id: string, changes: Partial<FreightListingDto> = {}): FreightListingDto =>
  ({
    id,
    userId: 'shipper',
    carrierId: null,
    status: 'available',
    equipmentType: 'dry_van',
    originCity: 'Omaha',
    originState: 'NE',
    destinationCity: 'Denver',
    destinationState: 'CO',
    rate: 1000,
    ratePerMile: null,
    createdAt: `2024-01-0${id.slice(-1)}T00:00:00.000Z`,
    ...changes,
  }) as FreightListingDto;

const omahaOnly = { ...EMPTY_LOAD_BOARD_FILTERS, originCity: 'omaha' };

function board(items: FreightListingDto[], changes: Partial<BoardView> = {}): BoardView {
  return {
    applied: omahaOnly,
    sort: 'newest',
    page: 1,
    pageSize: 2,
    items,
    total: items.length,
    boardTotal: items.length + 5,
    focused: null,
    ...changes,
  };
}

const push = { posted: false, viewerId: 'carrier' };

describe('matchesBoardFilters', () => {
  it('takes open loads that pass the filters', () => {
    expect(matchesBoardFilters(omahaOnly, listing('l1'))).toBe(true);
    expect(matchesBoardFilters(omahaOnly, listing('l1', { originCity: 'Boston' }))).toBe(false);
    expect(matchesBoardFilters(omahaOnly, listing('l1', { status: 'booked' }))).toBe(false);
  });

  it("keeps the viewer's own loads in later states, but not cancelled ones", () => {
    const booked = listing('l1', { status: 'booked', carrierId: 'carrier' });
    expect(matchesBoardFilters(omahaOnly, booked, 'carrier')).toBe(true);
    expect(matchesBoardFilters(omahaOnly, booked, 'someone else')).toBe(false);
    expect(matchesBoardFilters(omahaOnly, { ...booked, status: 'cancelled' }, 'carrier')).toBe(false);
  });
});

describe('withBoardPush', () => {
  it('replaces a shown listing that still matches', () => {
    const changed = listing('l1', { rate: 1200 });
    expect(withBoardPush(board([listing('l1')]), changed, push)).toMatchObject({ items: [changed] });
  });

  it("keeps the viewer's actions when a push carries none, and takes them when it does (issue 23)", () => {
    const shown = listing('l1', { viewerActions: { book: 'allowed', offer: 'allowed' } });
    const bare = listing('l1', { rate: 1300 });
    expect(withBoardPush(board([shown]), bare, push).items?.[0]).toEqual({
      ...bare,
      viewerActions: { book: 'allowed', offer: 'allowed' },
    });
    const withOwn = listing('l1', { viewerActions: {} });
    expect(withBoardPush(board([shown]), withOwn, push).items?.[0]).toEqual(withOwn);
  });

  it('removes and uncounts a shown listing that left the filters', () => {
    const booked = listing('l1', { status: 'booked', carrierId: 'another carrier' });
    expect(withBoardPush(board([listing('l1'), listing('l2')]), booked, push)).toMatchObject({
      items: [listing('l2')],
      total: 1,
      boardTotal: 6,
    });
  });

  it('places a new match on the first page in sort order, cut at the page size, and counts it', () => {
    const view = board([listing('l3'), listing('l1')]);
    const posted = withBoardPush(view, listing('l2'), { ...push, posted: true });
    expect(posted.items?.map((l) => l.id)).toEqual(['l3', 'l2']);
    expect(posted).toMatchObject({ total: 3, boardTotal: 8 });
    // Edited into the filters: counted on this search, not as a new load on the board.
    expect(withBoardPush(view, listing('l2'), push)).toMatchObject({ total: 3, boardTotal: 7 });
  });

  it('counts a new match without placing it on a later page', () => {
    const view = board([listing('l1')], { page: 2 });
    expect(withBoardPush(view, listing('l2'), push)).toMatchObject({ items: view.items, total: 2 });
  });

  it('ignores a listing that does not match, but keeps the focused load current', () => {
    const elsewhere = listing('l9', { originCity: 'Boston' });
    const view = board([listing('l1')], { focused: listing('l9') });
    expect(withBoardPush(view, elsewhere, push)).toEqual({ focused: elsewhere });
  });
});

describe('withoutListing', () => {
  it('drops and uncounts a shown listing, and ignores an unknown one', () => {
    const view = board([listing('l1'), listing('l2')]);
    expect(withoutListing(view, 'l1')).toMatchObject({ items: [listing('l2')], total: 1, boardTotal: 6 });
    expect(withoutListing(view, 'l7')).toEqual({});
  });
});
