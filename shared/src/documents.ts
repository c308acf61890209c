// Compliance documents: schemas, DTOs and socket events (filled in by the documents feature).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DocumentEvents {}
