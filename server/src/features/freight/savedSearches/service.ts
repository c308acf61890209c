import {
  pageQuerySchema as _unused,
  savedSearchSchema,
  savedSearchUpdateSchema,
  type FreightListingDto,
  type SavedSearchDto,
  type SavedSearchFilters,
} from '@freight/shared';
