/**
 * Distances without geo operators (DESIGN §2): a lat/lng bounding box the indexes can serve, then the exact
 * great-circle distance on the candidates. Pure, so the server, the open-load book and the web share it.
 */
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.0;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The box that contains every point within `miles` of (lat, lng); slightly larger, never smaller. */
export function boundingBox(lat: number, lng: number, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const cos = Math.cos(rad(lat));
  const dLng = cos < 1e-6 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE_LAT * cos));
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: lng - dLng,
    maxLng: lng + dLng,
  };
}
