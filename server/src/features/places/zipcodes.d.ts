// The US ZIP code table of the `zipcodes` package (BSD): one entry per ZIP with its city, state and centroid.
declare module 'zipcodes/lib/codes.js' {
  interface ZipEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipEntry>;
}
