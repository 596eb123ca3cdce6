import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../../core/domain-event';
import { db } from '../../core/firebase';
import type { Membership } from '../../core/memberships';
import { getCompanyRules } from '../companies';
import { CHANNELS, type Channel } from './catalogue';
import { eventErrors } from './errors';
import { preferencesRef } from './repo';
import { NO_PREFERENCES, wants, type Preferences } from './rules';
import type { PreferencesBody } from './schemas';

function preferencesOf(data: FirebaseFirestore.DocumentData | undefined): Preferences {
  if (!data) return NO_PREFERENCES;
  return { channels: data.channels ?? {}, quietHours: data.quietHours ?? null };
}

/** The preferences of members, by uid (one read per member; a member who never chose has the defaults). */
export async function readPreferences(companyId: string, uids: string[]): Promise<Map<string, Preferences>> {
  if (!uids.length) return new Map();
  const snaps = await db().getAll(...uids.map((uid) => preferencesRef(companyId, uid)));
  return new Map(snaps.map((s, i) => [uids[i], preferencesOf(s.data())]));
}

/** Every type with every channel resolved (the member's choice, else the type's default). */
async function view(companyId: string, prefs: Preferences) {
  const { profile } = await getCompanyRules({ companyId });
  const channels = Object.fromEntries(
    DOMAIN_EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(CHANNELS.map((channel) => [channel, wants(prefs, type, channel)])) as Record<Channel, boolean>,
    ]),
  ) as Record<DomainEventType, Record<Channel, boolean>>;
  return { channels, quietHours: prefs.quietHours, timezone: profile.timezone };
}

export async function getPreferences({ member }: { member: Membership }) {
  const prefs = (await readPreferences(member.companyId, [member.uid])).get(member.uid)!;
  return view(member.companyId, prefs);
}

/** Merges the member's choices: the types and channels named change, the others keep theirs; quietHours replaces (null removes). */
export async function updatePreferences({ member, body }: { member: Membership; body: PreferencesBody }) {
  if (body.quietHours && body.quietHours.start === body.quietHours.end) {
    throw eventErrors.INVALID_QUIET_HOURS('Quiet hours need a start and an end that differ');
  }
  const ref = preferencesRef(member.companyId, member.uid);
  const next = await db().runTransaction(async (tx) => {
    const current = preferencesOf((await tx.get(ref)).data());
    const channels = { ...current.channels };
    for (const [type, chosen] of Object.entries(body.channels ?? {}) as [DomainEventType, object][]) {
      channels[type] = { ...channels[type], ...chosen };
    }
    const merged: Preferences = {
      channels,
      quietHours: body.quietHours === undefined ? current.quietHours : body.quietHours,
    };
    tx.set(ref, { ...merged, uid: member.uid, updatedAt: Date.now() });
    return merged;
  });
  return view(member.companyId, next);
}
