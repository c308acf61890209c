import type { FreightPhotoDto, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

const PHOTO_PAGE_SIZE = 50;

/** A load's photos, newest first. */
export interface LoadPhotos {
  /** The load's id. */
  id: string;
  photos: FreightPhotoDto[];
}

interface LoadPhotosActions {
  uploadPhoto: (freightId: string, form: FormData) => Promise<FreightPhotoDto>;
  /** A photo uploaded here or pushed (`freight:photo`): shown first, once. */
  add: (freightId: string, photo: FreightPhotoDto) => void;
}

const base = (freightId: string) => `/api/freight/${freightId}/photos`;

/** The open load's photos (the Photos tab), live from socketRoutes. */
export const useLoadPhotosStore = createDetailStore<LoadPhotos, LoadPhotosActions>({
  name: 'the photos',
  fetch: async (freightId) => {
    const page = await apiRequest<Page<FreightPhotoDto>>(
      'GET',
      `${base(freightId)}?pageSize=${PHOTO_PAGE_SIZE}`,
    );
    return { id: freightId, photos: page.items };
  },
  extend: (_set, get) => ({
    uploadPhoto: async (freightId, form) => {
      const photo = await apiRequest<FreightPhotoDto>('POST', base(freightId), form);
      get().add(freightId, photo);
      return photo;
    },
    add: (freightId, photo) => {
      const photos = get().byId[freightId]?.data?.photos;
      if (photos && !photos.some((p) => p.id === photo.id))
        get().patch(freightId, { photos: [photo, ...photos] });
    },
  }),
});
