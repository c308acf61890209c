import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';

/** US state outlines from the us-atlas package (Census Bureau, 1:10m), loaded only when a map needs them. */
async function loadStates(): Promise<FeatureCollection> {
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('us-atlas/states-10m.json'),
  ]);
  const topology = atlas.default as unknown as Parameters<typeof feature>[0];
  return feature(topology, topology.objects.states) as FeatureCollection;
}

let states: Promise<FeatureCollection> | null = null;

/**
 * The basemap drawn without map tiles (none configured, offline, or the tile server failing): state outlines, in a
 * pane of their own under the overlays. In the overlay pane, outlines that arrive after the pins would cover them.
 */
export function OfflineBasemap() {
  const [data, setData] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    states ??= loadStates();
    void states.then((d) => live && setData(d));
    return () => {
      live = false;
    };
  }, []);
  // One canvas for the 56 outlines: an SVG path each (thousands of points, redrawn on every move) held a phone's main
  // thread for a few hundred milliseconds when the map appeared (issue 24).
  const renderer = useMemo(() => L.canvas({ pane: 'offline-basemap' }), []);
  if (!data) return null;
  return (
    <Pane name="offline-basemap" style={{ zIndex: 250 }}>
      <GeoJSON
        data={data}
        interactive={false}
        // Leaflet gives the GeoJSON layer's options to each outline it makes (react-leaflet's types omit `renderer`).
        {...({ renderer } as object)}
        style={{ color: '#94a3b8', weight: 1, fillColor: '#f8fafc', fillOpacity: 1 }}
      />
    </Pane>
  );
}
