import { haversineMiles } from '@freight/shared';

export { boundingBox, haversineMiles } from '@freight/shared';

/**
 * Coordinates of common freight cities, so that a load posted without coordinates (the Post Load form has no map)
 * still has an origin point for the radius search and a distance. Unknown cities stay without coordinates.
 */
const CITY_COORDINATES: Record<string, [number, number]> = {
  'atlanta,GA': [33.749, -84.388],
  'austin,TX': [30.2672, -97.7431],
  'baltimore,MD': [39.2904, -76.6122],
  'birmingham,AL': [33.5186, -86.8104],
  'boston,MA': [42.3601, -71.0589],
  'buffalo,NY': [42.8864, -78.8784],
  'charlotte,NC': [35.2271, -80.8431],
  'chicago,IL': [41.8781, -87.6298],
  'cincinnati,OH': [39.1031, -84.512],
  'cleveland,OH': [41.4993, -81.6944],
  'columbus,OH': [39.9612, -82.9988],
  'dallas,TX': [32.7767, -96.797],
  'denver,CO': [39.7392, -104.9903],
  'detroit,MI': [42.3314, -83.0458],
  'el paso,TX': [31.7619, -106.485],
  'fort worth,TX': [32.7555, -97.3308],
  'fresno,CA': [36.7378, -119.7871],
  'houston,TX': [29.7604, -95.3698],
  'indianapolis,IN': [39.7684, -86.1581],
  'jacksonville,FL': [30.3322, -81.6557],
  'kansas city,MO': [39.0997, -94.5786],
  'las vegas,NV': [36.1699, -115.1398],
  'laredo,TX': [27.5306, -99.4803],
  'los angeles,CA': [34.0522, -118.2437],
  'louisville,KY': [38.2527, -85.7585],
  'memphis,TN': [35.1495, -90.049],
  'miami,FL': [25.7617, -80.1918],
  'milwaukee,WI': [43.0389, -87.9065],
  'minneapolis,MN': [44.9778, -93.265],
  'nashville,TN': [36.1627, -86.7816],
  'new orleans,LA': [29.9511, -90.0715],
  'new york,NY': [40.7128, -74.006],
  'newark,NJ': [40.7357, -74.1724],
  'oakland,CA': [37.8044, -122.2712],
  'oklahoma city,OK': [35.4676, -97.5164],
  'omaha,NE': [41.2565, -95.9345],
  'orlando,FL': [28.5383, -81.3792],
  'philadelphia,PA': [39.9526, -75.1652],
  'phoenix,AZ': [33.4484, -112.074],
  'pittsburgh,PA': [40.4406, -79.9959],
  'portland,OR': [45.5152, -122.6784],
  'raleigh,NC': [35.7796, -78.6382],
  'reno,NV': [39.5296, -119.8138],
  'richmond,VA': [37.5407, -77.436],
  'sacramento,CA': [38.5816, -121.4944],
  'salt lake city,UT': [40.7608, -111.891],
  'san antonio,TX': [29.4241, -98.4936],
  'san diego,CA': [32.7157, -117.1611],
  'san francisco,CA': [37.7749, -122.4194],
  'savannah,GA': [32.0809, -81.0912],
  'seattle,WA': [47.6062, -122.3321],
  'st. louis,MO': [38.627, -90.1994],
  'st louis,MO': [38.627, -90.1994],
  'tampa,FL': [27.9506, -82.4572],
  'tucson,AZ': [32.2226, -110.9747],
  'tulsa,OK': [36.154, -95.9928],
  'washington,DC': [38.9072, -77.0369],
};

export function cityCoordinates(city: string, state: string): { lat: number; lng: number } | null {
  const hit = CITY_COORDINATES[`${city.trim().toLowerCase()},${state.trim().toUpperCase()}`];
  return hit ? { lat: hit[0], lng: hit[1] } : null;
}

/** Road miles estimated from the straight line (a common 1.2 circuity factor), whole miles. */
export function estimatedRoadMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return Math.max(1, Math.round(haversineMiles(lat1, lng1, lat2, lng2) * 1.2));
}
