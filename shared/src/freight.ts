// Freight listings, load board, booking requests, negotiations (filled in by the freight feature).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FreightEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FreightClientEvents {}
