import type { LocationPointDto } from '@freight/shared';

/**
 * The trail with a pushed point in its place by the time it was taken: a point a phone kept offline (issue 29)
 * arrives after newer ones and slots in before them. A point already shown is not added again.
 */
export function withPoint(trail: LocationPointDto[], point: LocationPointDto): LocationPointDto[] {
  if (trail.some((p) => p.id === point.id)) return trail;
  let at = trail.length;
  while (at > 0 && trail[at - 1].createdAt > point.createdAt) at--;
  return [...trail.slice(0, at), point, ...trail.slice(at)];
}
