import 'leaflet/dist/leaflet.css';
import { Box } from '@chakra-ui/react';
import type { LocationPointDto } from '@freight/shared';
import { useEffect, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useConfigStore } from '../../stores/config';
import { OfflineBasemap } from './OfflineBasemap';
import { tilesAvailable } from './tileAvailability';

const DEFAULT_ZOOM = 9;

/**
 * Frames the whole trail once it is known (so the route so far is visible), then keeps the live position in view
 * as it moves without changing the zoom the user chose.
 */
function FollowPosition({ lat, lng, trail }: { lat: number; lng: number; trail: [number, number][] }) {
  const map = useMap();
  const framed = useRef(false);
  useEffect(() => {
    if (!framed.current && trail.length > 1) {
      framed.current = true;
      map.fitBounds([...trail, [lat, lng]], { padding: [24, 24], maxZoom: DEFAULT_ZOOM, animate: false });
      return;
    }
    if (!map.getBounds().pad(-0.1).contains([lat, lng])) map.panTo([lat, lng], { animate: false });
  }, [map, lat, lng, trail]);
  return null;
}

/** Tiles when the server names a tile URL (GET /api/config) and the tile server answers; null while unknown. */
function useTiles(lat: number, lng: number): boolean | null {
  const tileUrl = useConfigStore((s) => s.mapTileUrl);
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
  return available;
}

/**
 * The live position (a circle marker: no marker images) and the trail, over map tiles or, without them, the offline
 * basemap of state outlines. `data-lat`/`data-lng` carry the position shown; `data-basemap` says which map is drawn.
 */
export function LiveMap({ lat, lng, trail }: { lat: number; lng: number; trail: LocationPointDto[] }) {
  const tileUrl = useConfigStore((s) => s.mapTileUrl);
  const tiles = useTiles(lat, lng);
  const [tilesFailed, setTilesFailed] = useState(false);
  const basemap = tiles === null ? 'pending' : tiles && !tilesFailed ? 'tiles' : 'offline';
  const positions = trail.map((p) => [p.lat, p.lng] as [number, number]);
  return (
    <Box
      data-testid="tracking-map"
      data-lat={String(lat)}
      data-lng={String(lng)}
      data-basemap={basemap}
      height="320px"
      borderRadius="md"
      overflow="hidden"
      borderWidth="1px"
      bg="gray.100"
      position="relative"
      zIndex="0"
    >
      <MapContainer
        center={[lat, lng]}
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
        {positions.length > 1 && (
          <Polyline positions={positions} pathOptions={{ color: '#2563eb', weight: 3, opacity: 0.6 }} />
        )}
        <CircleMarker
          center={[lat, lng]}
          radius={9}
          className="tracking-marker"
          pathOptions={{ color: '#1e40af', fillColor: '#3b82f6', fillOpacity: 0.9, weight: 3 }}
        >
          <Tooltip>Current location</Tooltip>
        </CircleMarker>
        <FollowPosition lat={lat} lng={lng} trail={positions} />
      </MapContainer>
    </Box>
  );
}
