import { EXPIRY_STAGES, type ExpiryStage } from './schemas';

/** The most urgent stage reached `daysLeft` days before expiry, or null while more than 30 days remain. */
export function expiryStageOf(daysLeft: number): ExpiryStage | null {
  let reached: ExpiryStage | null = null;
  for (const stage of EXPIRY_STAGES) if (daysLeft <= stage) reached = stage;
  return reached;
}
