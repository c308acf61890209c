import 'leaflet/dist/leaflet.css';
import { Box } from '@chakra-ui/react';
import type { LocationPointDto } from '@freight/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { selectMapTileUrl, useConfigStore } from '../../stores/config';
import { mapDataAttributes } from './format';
import { OfflineBasemap } from './OfflineBasemap';
import { tilesAvailable } from './tileAvailability';

const DEFAULT_ZOOM = 9;

type LatLng = [number, number];

/**
 * Frames the pins, the trail and the position once (so the whole trip is visible), then keeps the live position in
 * view as it moves without changing the zoom the user chose.
 */
function FollowPosition({ position, frame }: { position: LatLng | null; frame: LatLng[] }) {
  const map = useMap();
  const framed = useRef(false);
  useEffect(() => {
    if (!framed.current && frame.length > 1) {
      framed.current = true;
      // Room for the pins' labels (above each pin, centred on it) inside the map, so a phone's narrow map does not
      // cut 'Pickup: Chicago, IL' at its edge.
      map.fitBounds(frame, {
        paddingTopLeft: [80, 48],
        paddingBottomRight: [80, 16],
        maxZoom: DEFAULT_ZOOM,
        animate: false,
      });
      return;
    }
    if (position && !map.getBounds().pad(-0.1).contains(position)) map.panTo(position, { animate: false });
  }, [map, position, frame]);
  return null;
}

/**
 * Leaflet measures its box when it starts and on window resizes only: a box that changes size otherwise (a phone
 * turned, a tab or panel shown) would leave part of the map unpainted until the user pans.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Tiles when the server names a tile URL (GET /api/config) and the tile server answers; null while unknown. */
function useTiles(lat: number, lng: number): boolean | null {
  const tileUrl = useConfigStore(selectMapTileUrl);
  // The screen does not wait for the config: until it answers, the basemap is unknown.
  const configLoading = useConfigStore((s) => s.status === 'loading');
  const [available, setAvailable] = useState<boolean | null>(tileUrl ? null : false);
  const start = useRef({ lat, lng });
  useEffect(() => {
    if (!tileUrl) {
      setAvailable(false);
      return;
    }
    let live = true;
    void tilesAvailable(tileUrl, start.current.lat, start.current.lng, DEFAULT_ZOOM).then(
      (ok) => live && setAvailable(ok),
    );
    return () => {
      live = false;
    };
  }, [tileUrl]);
  return configLoading ? null : available;
}

const PIN_COLORS = {
  Pickup: { className: 'tracking-pickup-pin', color: '#166534', fillColor: '#22c55e' },
  Delivery: { className: 'tracking-delivery-pin', color: '#991b1b', fillColor: '#ef4444' },
} as const;

/** A pickup or delivery pin with its place always labelled. */
function PlacePin({ place, role }: { place: MapPlace; role: keyof typeof PIN_COLORS }) {
  const { className, color, fillColor } = PIN_COLORS[role];
  return (
    <CircleMarker
      center={[place.lat, place.lng]}
      radius={8}
      className={className}
      pathOptions={{ color, fillColor, fillOpacity: 1, weight: 3 }}
    >
      <Tooltip permanent direction="top" offset={[0, -8]}>
        {role}: {place.label}
      </Tooltip>
    </CircleMarker>
  );
}

export interface MapPlace {
  lat: number;
  lng: number;
  label: string;
}

/** A truck on the fleet map (issue 29): its last position and label; a stale one is drawn grey. */
export interface MapTruck extends MapPlace {
  id: string;
  stale: boolean;
}

/**
 * The trip on a map (issue 16): the pickup and delivery pins, the trail, the live position (circle markers: no
 * marker images) and a dashed line from it to where the load goes next (the pickup until it is loaded, then the
 * delivery), over map tiles or, without them, the offline basemap of state outlines. `data-lat`/`data-lng` carry
 * the position shown; `data-basemap` says which map is drawn.
 */
export function LiveMap({
  position,
  trail,
  pickup,
  delivery,
  viaPickup,
  trucks = [],
}: {
  position: { lat: number; lng: number } | null;
  trail: LocationPointDto[];
  pickup: MapPlace | null;
  delivery: MapPlace | null;
  viaPickup: boolean;
  /** The fleet map's trucks (the same map, many positions). */
  trucks?: MapTruck[];
}) {
  const tileUrl = useConfigStore(selectMapTileUrl);
  const center = position ?? pickup ?? delivery ?? trucks[0] ?? { lat: 39.8, lng: -98.6 };
  const tiles = useTiles(center.lat, center.lng);
  const [tilesFailed, setTilesFailed] = useState(false);
  const basemap = tiles === null ? 'pending' : tiles && !tilesFailed ? 'tiles' : 'offline';
  const trailPath = useMemo(() => trail.map((p) => [p.lat, p.lng] as LatLng), [trail]);
  const here: LatLng | null = position ? [position.lat, position.lng] : null;
  const ahead: LatLng[] = here
    ? [
        here,
        ...(viaPickup && pickup ? [[pickup.lat, pickup.lng] as LatLng] : []),
        ...(delivery ? [[delivery.lat, delivery.lng] as LatLng] : []),
      ]
    : [];
  const frame = useMemo(
    () => [
      ...trailPath,
      ...(here ? [here] : []),
      ...[pickup, delivery].flatMap((p) => (p ? [[p.lat, p.lng] as LatLng] : [])),
      ...trucks.map((t) => [t.lat, t.lng] as LatLng),
    ],
    // Framed once, from what is known first: later positions only pan.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [trailPath.length > 0, here !== null, pickup, delivery, trucks.length],
  );
  return (
    <Box
      data-testid="tracking-map"
      {...mapDataAttributes(position, trail)}
      data-basemap={basemap}
      height="360px"
      borderRadius="md"
      overflow="hidden"
      borderWidth="1px"
      bg="gray.100"
      position="relative"
      zIndex="0"
      // Leaflet reads the map's size between its writes: contained, each read lays out the map, not the whole page.
      css={{ contain: 'strict' }}
    >
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%', background: '#dbeafe' }}
        scrollWheelZoom={false}
      >
        {basemap === 'tiles' && (
          <TileLayer
            url={tileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
            // A server that answered the probe and then fails: the offline basemap instead of grey squares.
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        {basemap === 'offline' && <OfflineBasemap />}
        {ahead.length > 1 && (
          <Polyline
            positions={ahead}
            className="tracking-route-ahead"
            pathOptions={{ color: '#475569', weight: 2, opacity: 0.8, dashArray: '6 6' }}
          />
        )}
        {trailPath.length > 1 && (
          <Polyline
            positions={trailPath}
            className="tracking-trail"
            pathOptions={{ color: '#2563eb', weight: 3, opacity: 0.6 }}
          />
        )}
        {pickup && <PlacePin place={pickup} role="Pickup" />}
        {delivery && <PlacePin place={delivery} role="Delivery" />}
        {here && (
          <CircleMarker
            center={here}
            radius={9}
            className="tracking-marker"
            pathOptions={{ color: '#1e40af', fillColor: '#3b82f6', fillOpacity: 0.9, weight: 3 }}
          >
            <Tooltip>Current location</Tooltip>
          </CircleMarker>
        )}
        {trucks.map((t) => (
          <CircleMarker
            key={t.id}
            center={[t.lat, t.lng]}
            radius={8}
            className={t.stale ? 'fleet-truck fleet-truck-stale' : 'fleet-truck'}
            pathOptions={{
              color: t.stale ? '#6b7280' : '#1e40af',
              fillColor: t.stale ? '#d1d5db' : '#3b82f6',
              fillOpacity: 0.9,
              weight: 3,
            }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {t.label}
            </Tooltip>
          </CircleMarker>
        ))}
        <FollowContainerSize />
        <FollowPosition
          position={here ?? (trucks[0] ? [trucks[0].lat, trucks[0].lng] : null)}
          frame={frame}
        />
      </MapContainer>
    </Box>
  );
}
