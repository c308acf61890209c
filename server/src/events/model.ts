import mongoose, { Schema } from 'mongoose';

/**
 * The event log (issue 26): one document per business fact, in `seq` order. A fact is written `pending` before the
 * write that makes it and `recorded` right after, under the same lease; projectors read recorded facts only. A
 * pending fact that outlives its writer (a crash) is settled by its proof: the write happened (recorded) or not
 * (removed). MongoDB stays the system of record; this is a collection, not a second engine.
 */
const domainEventSchema = new Schema(
  {
    /** `<name>:<key>`, derived from the fact: the same fact recorded twice is stored once. */
    _id: { type: String, required: true },
    seq: { type: Number, required: true },
    name: { type: String, required: true },
    at: { type: Date, required: true },
    actor: {
      userId: { type: String, default: null },
      name: { type: String, default: null },
      companyId: { type: String, default: null },
    },
    loadId: { type: String, default: null },
    subjects: { type: Schema.Types.Mixed, default: {} },
    data: { type: Schema.Types.Mixed, default: {} },
    /** `void`: a number whose fact was dropped (its write did not happen), so projectors need not wait for it. */
    state: { type: String, enum: ['pending', 'recorded', 'void'], required: true },
    /** The lease the fact's write runs under (`<kind>:<id>`): its next change settles what a crash left pending. */
    leaseKey: { type: String, required: true },
    /** While pending: a document that exists once the write is done (collection and an equality filter). */
    proof: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'domain_events', versionKey: false, minimize: false },
);
domainEventSchema.index({ seq: 1 }, { unique: true });
domainEventSchema.index({ loadId: 1, seq: 1 });
domainEventSchema.index({ leaseKey: 1, state: 1 });
domainEventSchema.index({ state: 1 });

export interface StoredDomainEvent {
  _id: string;
  seq: number;
  name: string;
  at: Date;
  actor: { userId: string | null; name: string | null; companyId?: string | null };
  loadId: string | null;
  subjects: Record<string, string>;
  data: Record<string, unknown>;
  state: 'pending' | 'recorded' | 'void';
  leaseKey: string;
  proof: { collection: string; filter: Record<string, unknown> } | null;
}

export const DomainEventModel = mongoose.model<StoredDomainEvent>('DomainEvent', domainEventSchema);

/** Where each projector has got to in the log (`_id`: the projector's name). */
const projectorPositionSchema = new Schema(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true },
  },
  { collection: 'projector_positions', versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
export const ProjectorPositionModel = mongoose.model('ProjectorPosition', projectorPositionSchema);
