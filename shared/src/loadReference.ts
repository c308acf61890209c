// A load's reference, apart from the tracking schemas (the web's first code shows it).

/** A load's short reference for people: the id's last six characters, e.g. '#6B02EE' (the URL keeps the full id). */
export const loadReference = (id: string) => `#${id.slice(-6).toUpperCase()}`;
