import { config } from '../core/config';
import { auth } from '../core/firebase';
import { sendMail } from '../core/mail';
import { listMembershipsOfCompany } from '../core/memberships';
import { softThresholdNano, type Alert, type Budget } from './budget-rules';
import type { Bucket } from './store';

/**
 * Budget alerts by email: the soft threshold crossed, the cap reached. Each is sent once per
 * period (the ledger's softAlertAt / capAlertAt, set in the same commit that decided to send) to
 * the company's owners and the administrators' addresses (AI_BUDGET_ALERT_EMAILS); the onboarding
 * bucket's alerts go to the administrators only. The caller (budgets.ts) reads the budget that
 * applies and the period's spend.
 */
export async function sendBudgetAlert(
  bucket: Bucket,
  periodKey: string,
  alert: Alert,
  budget: Budget,
  spent: number,
): Promise<void> {
  const owners = bucket.kind === 'company' ? await ownerEmails(bucket.companyId) : [];
  const to = [...new Set([...owners, ...config.ai.budgetAlertEmails()])];
  if (to.length === 0) return;
  const who = bucket.kind === 'company' ? `company ${bucket.companyId}` : 'the onboarding bucket';
  const per = budget.period === 'day' ? 'daily' : 'monthly';
  const usd = (nano: number) => `$${Number((nano / 1e9).toFixed(6))}`;
  const [subject, line] =
    alert === 'soft'
      ? [
          `AI budget: ${who} passed ${budget.softThresholdPercent}% of its ${per} budget`,
          `It has spent ${usd(spent)} of ${usd(budget.amountNano)} this ${budget.period} (warning at ${usd(softThresholdNano(budget))}).`,
        ]
      : [
          `AI budget: ${who} reached its ${per} budget; AI features are paused`,
          `It has spent ${usd(spent)} of ${usd(budget.amountNano)} this ${budget.period}. New AI requests are refused until the period resets or an administrator raises the budget.`,
        ];
  await sendMail({ to: to.join(', '), subject, text: `${line}\n\nPeriod: ${periodKey} (UTC).` });
}

async function ownerEmails(companyId: string): Promise<string[]> {
  const owners = (await listMembershipsOfCompany(companyId)).filter((m) => m.role === 'owner');
  if (owners.length === 0) return [];
  const { users } = await auth().getUsers(owners.map((m) => ({ uid: m.uid })));
  return users.map((u) => u.email).filter((e): e is string => !!e);
}
