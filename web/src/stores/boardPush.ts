import {
  boardComparator,
  boardFilterSchema,
  compileBoardFilter,
  filtersToQuery,
  type BoardFilter,
  type FreightListingDto,
  type FreightSort,
  type LoadBoardFilters,
} from '@freight/shared';

/** What a live push can change on the board. */
export interface BoardView {
  /** The filters the list shows. */
  applied: LoadBoardFilters;
  sort: FreightSort;
  page: number;
  pageSize: number;
  items: FreightListingDto[];
  total: number;
  /** Loads on the board with no filter. */
  boardTotal: number;
  /** A load opened from a link, shown above the list. */
  focused: FreightListingDto | null;
}

/** How a listing reached the board: `posted` counts it on the whole board too; the viewer keeps their own loads. */
export interface BoardPush {
  posted: boolean;
  viewerId: string | null | undefined;
}

/** The applied filters as the server reads them (its query parameters, parsed by the shared schema). */
function boardFilterOf(f: LoadBoardFilters): BoardFilter | null {
  const parsed = boardFilterSchema.safeParse(filtersToQuery(f));
  return parsed.success ? parsed.data : null;
}

/**
 * Whether a live listing belongs on the board under the applied filters: the server's own predicate (open loads),
 * plus the viewer's own loads in later states (not cancelled), which the board keeps for their Track link.
 */
export function matchesBoardFilters(
  f: LoadBoardFilters,
  l: FreightListingDto,
  viewerId?: string | null,
): boolean {
  const filter = boardFilterOf(f);
  if (!filter) return false;
  if (compileBoardFilter(filter)(l)) return true;
  const own = Boolean(viewerId) && (l.userId === viewerId || l.carrierId === viewerId);
  return own && l.status !== 'cancelled' && compileBoardFilter(filter, { anyStatus: true })(l);
}

/**
 * The listing as pushed, keeping the viewer's actions the board knew when the push carries none (issue 23: the board's
 * own pushes carry each viewer's actions; a booking or offer event carries the load alone).
 */
export function withActionsOf(known: FreightListingDto, listing: FreightListingDto): FreightListingDto {
  return listing.viewerActions || !known.viewerActions
    ? listing
    : { ...listing, viewerActions: known.viewerActions };
}

/** A load the board showed left it (booked to someone else, cancelled): dropped and uncounted. */
export function withoutListing(view: BoardView, id: string): Partial<BoardView> {
  if (!view.items.some((l) => l.id === id)) return {};
  return {
    items: view.items.filter((l) => l.id !== id),
    total: Math.max(0, view.total - 1),
    boardTotal: Math.max(0, view.boardTotal - 1),
  };
}

/**
 * A posted or changed listing: replaced in place while it still matches the filters, dropped when it no longer
 * does, and counted (and placed, on the first page) when it newly does. The focused load follows it either way.
 */
export function withBoardPush(
  view: BoardView,
  listing: FreightListingDto,
  { posted, viewerId }: BoardPush,
): Partial<BoardView> {
  const focused = view.focused?.id === listing.id ? withActionsOf(view.focused, listing) : view.focused;
  const shows = matchesBoardFilters(view.applied, listing, viewerId);
  const shown = view.items.some((l) => l.id === listing.id);
  if (shown) {
    if (!shows) return { ...withoutListing(view, listing.id), focused };
    return { items: view.items.map((l) => (l.id === listing.id ? withActionsOf(l, listing) : l)), focused };
  }
  if (!shows) return { focused };
  return {
    items:
      view.page === 1
        ? [...view.items, listing]
            .sort(boardComparator(view.sort, boardFilterOf(view.applied) ?? {}))
            .slice(0, view.pageSize)
        : view.items,
    total: view.total + 1,
    boardTotal: posted ? view.boardTotal + 1 : view.boardTotal,
    focused,
  };
}
