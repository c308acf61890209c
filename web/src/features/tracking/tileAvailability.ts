import L from 'leaflet';

const probes = new Map<string, Promise<boolean>>();

/** The tile at a position (Web Mercator, as Leaflet numbers tiles). */
function tileAt(lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)), z: zoom };
}

/**
 * Whether the tile server answers, by loading one tile once per URL and page load: offline or blocked, the map
 * draws the offline basemap instead of a screenful of failed tiles (each one a console error).
 */
export function tilesAvailable(url: string, lat: number, lng: number, zoom: number): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve(false);
  let probe = probes.get(url);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const img = new Image();
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = L.Util.template(url, { s: 'a', r: '', ...tileAt(lat, lng, zoom) });
    });
    probes.set(url, probe);
  }
  return probe;
}
