// Route matching without the route schemas: the web's first code (the socket's routes) needs the rule, not zod.

/** The ends of a driver route or a small shipment. */
interface RouteEnds {
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
}

/**
 * Route matching, the one rule: same origin state and destination state, and each shipment city contains the
 * route's city (case-insensitive substring; 'Dallas' matches 'North Dallas'). The server runs the same rule as a
 * query; the web uses this function to place live `smallShipment:posted` events under the right routes.
 */
export function routeMatchesShipment(route: RouteEnds, shipment: RouteEnds): boolean {
  const contains = (hay: string, needle: string) =>
    hay.trim().toLowerCase().includes(needle.trim().toLowerCase());
  return (
    route.originState === shipment.originState &&
    route.destinationState === shipment.destinationState &&
    contains(shipment.originCity, route.originCity) &&
    contains(shipment.destinationCity, route.destinationCity)
  );
}
