import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  HStack,
  Heading,
  Icon,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { GEOLOCATION_TIMEOUT_MS } from '@freight/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import {
  FiBell,
  FiCamera,
  FiCheckCircle,
  FiDownload,
  FiMapPin,
  FiSmartphone,
  FiWifiOff,
  FiXCircle,
} from 'react-icons/fi';
import { usePwaStore } from './pwa';
import { TripSharingCard } from './TripSharingCard';
import { useOnline } from './useOnline';

function DemoCard({ icon, title, children }: { icon: IconType; title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="3">
          <Icon as={icon} boxSize="6" color="blue.600" />
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

/** SPEC §2 Mobile demo, working for real: camera, GPS, notifications, install, offline. */
export function MobileDemoPage() {
  const online = useOnline();
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Box>
            <Heading as="h1" size="2xl">
              Mobile Demo
            </Heading>
            <Text color="gray.600">Test the device features FreightConnect uses on the road.</Text>
          </Box>
          <Badge data-testid="online-badge" colorPalette={online ? 'green' : 'red'} size="lg">
            {online ? 'Online' : 'Offline'}
          </Badge>
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <CameraCard />
          <TripSharingCard />
          <GpsCard />
          <NotificationsCard />
          <InstallCard />
          <OfflineCard online={online} />
          <FeaturesCard />
          <ReadinessCard />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function CameraCard() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [active, setActive] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setActive(false);
  };
  useEffect(() => stop, []);

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('Camera not supported on this device or connection (a secure https connection is needed).');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      streamRef.current = stream;
      setActive(true);
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
    } catch (err) {
      setError(err instanceof Error ? `Camera error: ${err.message}` : 'Camera error');
    }
  };

  const capture = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    setPhoto(canvas.toDataURL('image/jpeg', 0.9));
  };

  return (
    <DemoCard icon={FiCamera} title="Camera Test">
      <Text color="gray.600" fontSize="sm">
        Take delivery and damage photos with the rear camera.
      </Text>
      <video
        ref={videoRef}
        playsInline
        muted
        style={{ display: active ? 'block' : 'none', width: '100%', borderRadius: 6, background: 'black' }}
      />
      {photo && <Image src={photo} alt="Captured photo" borderRadius="md" />}
      {error && (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {!active ? (
          <Button colorPalette="blue" onClick={() => void start()}>
            Test Camera
          </Button>
        ) : (
          <>
            <Button colorPalette="blue" onClick={capture}>
              Take Photo
            </Button>
            <Button variant="outline" onClick={stop}>
              Stop Camera
            </Button>
          </>
        )}
      </HStack>
    </DemoCard>
  );
}

function GpsCard() {
  const [position, setPosition] = useState<GeolocationCoordinates | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const locate = () => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError('Location not supported');
      return;
    }
    setLoading(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setPosition(pos.coords);
        setLoading(false);
      },
      (err) => {
        setError(`Location error: ${err.message || 'Could not get current location'}`);
        setLoading(false);
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS },
    );
  };

  return (
    <DemoCard icon={FiMapPin} title="GPS Location">
      <Text color="gray.600" fontSize="sm">
        Share your position with shippers while a load is in transit.
      </Text>
      {position && (
        <Stack gap="1" data-testid="gps-reading">
          <Text>Latitude: {position.latitude.toFixed(6)}</Text>
          <Text>Longitude: {position.longitude.toFixed(6)}</Text>
          <Text fontSize="sm" color="gray.600">
            Accuracy: ±{Math.round(position.accuracy)} m
          </Text>
          <a
            href={`https://www.openstreetmap.org/?mlat=${position.latitude}&mlon=${position.longitude}#map=15/${position.latitude}/${position.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            View on Map
          </a>
        </Stack>
      )}
      {error && (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      )}
      <Button colorPalette="blue" alignSelf="flex-start" loading={loading} onClick={locate}>
        Get Location
      </Button>
    </DemoCard>
  );
}

function NotificationsCard() {
  const supported = typeof window !== 'undefined' && 'Notification' in window;
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    supported ? Notification.permission : 'unsupported',
  );
  const [message, setMessage] = useState<string | null>(null);

  const request = async () => {
    if (!supported) return;
    setPermission(await Notification.requestPermission());
  };

  const sendTest = async () => {
    setMessage(null);
    const title = 'FreightConnect';
    const options: NotificationOptions = {
      body: 'Test notification: new loads and messages will show like this.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/mobile' },
    };
    try {
      const registration =
        'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
      if (registration) await registration.showNotification(title, options);
      else new Notification(title, options);
      setMessage('Test notification sent.');
    } catch (err) {
      setMessage(
        err instanceof Error
          ? `Could not show the notification: ${err.message}`
          : 'Could not show the notification',
      );
    }
  };

  return (
    <DemoCard icon={FiBell} title="Push Notifications">
      <Text color="gray.600" fontSize="sm">
        Get alerts for booking requests, offers and chat messages.
      </Text>
      <HStack>
        <Text fontSize="sm">Permission:</Text>
        <Badge
          data-testid="notification-permission"
          colorPalette={permission === 'granted' ? 'green' : permission === 'denied' ? 'red' : 'gray'}
        >
          {permission === 'unsupported' ? 'Not supported' : permission}
        </Badge>
      </HStack>
      {message && <Text fontSize="sm">{message}</Text>}
      <HStack gap="2" wrap="wrap">
        {permission !== 'granted' && permission !== 'unsupported' && (
          <Button colorPalette="blue" onClick={() => void request()} disabled={permission === 'denied'}>
            Enable Notifications
          </Button>
        )}
        <Button variant="outline" onClick={() => void sendTest()} disabled={permission !== 'granted'}>
          Send Test Notification
        </Button>
      </HStack>
    </DemoCard>
  );
}

function InstallCard() {
  const installPrompt = usePwaStore((s) => s.installPrompt);
  const installed = usePwaStore((s) => s.installed);
  const install = async () => {
    if (!installPrompt) return;
    await installPrompt.prompt();
    const choice = await installPrompt.userChoice;
    usePwaStore.setState({ installPrompt: null, installed: choice.outcome === 'accepted' });
  };
  return (
    <DemoCard icon={FiDownload} title="App Install">
      <Text color="gray.600" fontSize="sm">
        Install FreightConnect on your home screen: it opens full screen, like a native app.
      </Text>
      {installed ? (
        <Badge colorPalette="green" alignSelf="flex-start">
          Installed
        </Badge>
      ) : installPrompt ? (
        <Button colorPalette="blue" alignSelf="flex-start" onClick={() => void install()}>
          Install App
        </Button>
      ) : (
        <Text fontSize="sm" color="gray.600">
          Use your browser&apos;s menu (Add to Home Screen or Install) to install the app.
        </Text>
      )}
    </DemoCard>
  );
}

function OfflineCard({ online }: { online: boolean }) {
  const sw = usePwaStore((s) => s.serviceWorker);
  const label: Record<typeof sw, string> = {
    unsupported: 'Not supported',
    off: 'Not registered (development build)',
    registering: 'Registering…',
    active: 'Active: the app shell is cached',
    failed: 'Registration failed',
  };
  return (
    <DemoCard icon={FiWifiOff} title="Offline Support">
      <Text color="gray.600" fontSize="sm">
        The app shell is stored on the device, so FreightConnect opens even without a connection.
      </Text>
      <HStack>
        <Text fontSize="sm">Service worker:</Text>
        <Badge data-testid="service-worker-status" colorPalette={sw === 'active' ? 'green' : 'gray'}>
          {label[sw]}
        </Badge>
      </HStack>
      <HStack>
        <Text fontSize="sm">Connection:</Text>
        <Badge colorPalette={online ? 'green' : 'red'}>{online ? 'Online' : 'Offline'}</Badge>
      </HStack>
    </DemoCard>
  );
}

function FeaturesCard() {
  const features = [
    'Photo capture for pickup, delivery and damage reports',
    'Live GPS location sharing on booked loads',
    'Real-time chat with shippers and carriers',
    'Notifications for bookings and offers',
    'Document upload from the camera',
  ];
  return (
    <DemoCard icon={FiSmartphone} title="Mobile Features">
      <List.Root gap="2" variant="plain">
        {features.map((f) => (
          <List.Item key={f}>
            <List.Indicator asChild color="green.500">
              <FiCheckCircle />
            </List.Indicator>
            {f}
          </List.Item>
        ))}
      </List.Root>
    </DemoCard>
  );
}

function ReadinessCard() {
  const sw = usePwaStore((s) => s.serviceWorker);
  const [manifest, setManifest] = useState<boolean | null>(null);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) {
      setManifest(false);
      return;
    }
    fetch(link.href)
      .then((r) => setManifest(r.ok))
      .catch(() => setManifest(false));
  }, []);
  const checks: Array<[string, boolean]> = [
    ['Web app manifest', manifest === true],
    ['Service worker', sw === 'active'],
    ['Secure context (HTTPS or localhost)', window.isSecureContext],
    ['Home screen icons (192 and 512 px)', manifest === true],
    ['Responsive layout', true],
  ];
  return (
    <DemoCard icon={FiCheckCircle} title="App Store Readiness">
      <Text color="gray.600" fontSize="sm">
        A progressive web app can be listed in app stores (Google Play via a Trusted Web Activity, Microsoft
        Store).
      </Text>
      <List.Root gap="2" variant="plain">
        {checks.map(([label, ok]) => (
          <List.Item key={label}>
            <List.Indicator asChild color={ok ? 'green.500' : 'gray.400'}>
              {ok ? <FiCheckCircle /> : <FiXCircle />}
            </List.Indicator>
            {label}
          </List.Item>
        ))}
      </List.Root>
    </DemoCard>
  );
}
