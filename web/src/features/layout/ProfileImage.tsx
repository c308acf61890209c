import { Image } from '@chakra-ui/react';
import { useState } from 'react';
import { DEFAULT_PROFILE_IMAGE_URL } from './defaultProfileImage';

/** The user's profile image, or the bundled default when there is none or it cannot load (e.g. blocked by CSP). */
export function ProfileImage({ src, name }: { src: string | null; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_PROFILE_IMAGE_URL;
  return (
    <Image
      src={usable}
      alt={name ? `${name} profile image` : 'Profile image'}
      boxSize="9"
      borderRadius="full"
      objectFit="cover"
      onError={() => {
        if (usable !== DEFAULT_PROFILE_IMAGE_URL) setFailedSrc(usable);
      }}
    />
  );
}
