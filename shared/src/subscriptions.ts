// Subscriptions, air freight, small shipments, driver routes (filled in by the subscriptions feature).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SubscriptionEvents {}
