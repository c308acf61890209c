// Tracking: location, status, photos, chat (filled in by the tracking feature).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TrackingEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TrackingClientEvents {}
