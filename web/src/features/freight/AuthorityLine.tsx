import { Text, type TextProps } from '@chakra-ui/react';
import type { UserType } from '@freight/shared';
import { authorityLine } from './format';

interface AuthorityLineProps extends TextProps {
  mc: string | null;
  usdot: string | null;
  userType: UserType | null;
}

/** A party's road numbers as a line of text ("MC 771234 · USDOT 3141592"); nothing where they do not apply. */
export function AuthorityLine({ mc, usdot, userType, ...text }: AuthorityLineProps) {
  const line = authorityLine(mc, usdot, userType);
  return line ? <Text {...text}>{line}</Text> : null;
}
