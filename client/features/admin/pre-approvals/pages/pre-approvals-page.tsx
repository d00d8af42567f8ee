// /admin/pre-approvals (spec §2; issue 6): the list of applications with status and assignee filters, and one
// application's decrypted detail. The list carries no personal data; opening an application decrypts it on the
// server, which writes the view to the audit log, so the page says so before showing it.
import { useSearchParams } from 'react-router';
import { openPreApprovalId, readPreApprovalFilters } from '../api/get-pre-approvals';
import { PreApprovalDetailView } from '../components/pre-approval-detail';
import { PreApprovalList } from '../components/pre-approval-list';

export default function PreApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const openId = openPreApprovalId(params);
  const filters = readPreApprovalFilters(params);
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value); else next.delete(key);
    if (key !== 'page') next.delete('page');
    next.delete('id');
    setParams(next);
  };
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id)); else next.delete('id');
    setParams(next);
  };

  if (openId) return <PreApprovalDetailView id={openId} onBack={() => open(null)} />;
  return <PreApprovalList filters={filters} setFilter={setFilter} onOpen={open} />;
}
