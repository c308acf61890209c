import type {
  CompanyProfileDto,
  LoadRatingsDto,
  RatingDto,
  RatingInput,
  RatingSummaryDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

interface LoadRatingsActions {
  /** Gives the viewer's side's rating (`change`: changes it) and shows the answer. */
  submit: (loadId: string, input: RatingInput, change: boolean) => Promise<RatingDto>;
}

/** A delivered load's ratings as the viewer's side sees them (issue 40): the one it gave and the one it got. */
export const useLoadRatingsStore = createDetailStore<LoadRatingsDto, LoadRatingsActions>({
  name: 'the ratings',
  fetch: (loadId) => apiRequest<LoadRatingsDto>('GET', `/api/freight/${loadId}/ratings`),
  extend: (_set, get) => ({
    submit: async (loadId, input, change) => {
      const rating = await apiRequest<RatingDto>(
        change ? 'PATCH' : 'POST',
        `/api/freight/${loadId}/rating`,
        input,
      );
      get().patch(loadId, { given: rating, canRate: false });
      return rating;
    },
  }),
});

interface CompanyProfileActions {
  /** A pushed summary (`rating:changed`): shown at once on the rated company's open profile. */
  receiveSummary: (summary: RatingSummaryDto) => void;
}

/** Companies' public profiles (`/companies/:id`). */
export const useCompanyProfileStore = createDetailStore<CompanyProfileDto, CompanyProfileActions>({
  name: 'the company profile',
  fetch: (id) => apiRequest<CompanyProfileDto>('GET', `/api/companies/${id}/profile`),
  extend: (_set, get) => ({
    receiveSummary: (summary) => get().patch(summary.companyId, { rating: summary }),
  }),
});
