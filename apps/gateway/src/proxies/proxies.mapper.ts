import type {
  MemberProxy,
  ProxyHolderRef,
  ProxyHolderSummary,
} from '@livevote/contracts';
import { mapMailDelivery } from '../mail/mail-delivery';
import type {
  HolderRow,
  HolderSummaryRow,
  ProxyWithUnit,
} from './proxies.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function mapHolderRef(holder: HolderRow): ProxyHolderRef {
  return {
    key: holder.id,
    name: holder.name,
    email: holder.email,
    isDefault: holder.isDefault,
  };
}

export function mapProxy({ proxy, unit, holder }: ProxyWithUnit): MemberProxy {
  return {
    key: proxy.id,
    memberKey: proxy.memberId,
    unit,
    // the holder as the form named them; the key groups the proxies one person holds
    holder: {
      key: holder.id,
      name: proxy.holderName,
      email: proxy.holderEmail,
      isDefault: holder.isDefault,
    },
    directions: proxy.directions,
    source: proxy.source,
    status: proxy.status,
    rejectReason: proxy.rejectReason,
    signedName: proxy.signedName,
    submittedAt: proxy.submittedAt.toISOString(),
    verifiedAt: iso(proxy.verifiedAt),
    revokedAt: iso(proxy.revokedAt),
    withdrawnAt: iso(proxy.withdrawnAt),
    scanKey: proxy.scanDocumentId,
  };
}

export function mapHolderSummary(row: HolderSummaryRow): ProxyHolderSummary {
  return {
    ...mapHolderRef(row.holder),
    present: row.holder.present,
    notice: mapMailDelivery(
      row.holder.noticeStatus,
      row.holder.noticeAttemptedAt,
      row.holder.noticeError,
    ),
    proxies: row.proxies,
    shares: row.shares,
  };
}
