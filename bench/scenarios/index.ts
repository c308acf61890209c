import type { BenchContext, ScenarioResult } from '../lib';

/** Scenarios that drive the product's features (load board, tracking push, two nodes, capacity under chat). */
export function scenarios(
  _ctx: BenchContext,
): Array<{ key: string; run: () => Promise<ScenarioResult | ScenarioResult[]> }> {
  return [];
}
