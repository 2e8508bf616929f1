import { ChangeRequestPatch, type ChangeRequest, type ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { StatusMoveModal } from '@/components/workflow/status-move-modal';
import { useMoveChangeRequest } from '../api/change-requests';
import { MOVE_LABELS, requestName, STATUS_LABELS } from './change-request-labels';

const EXPLAIN: Partial<Record<ChangeRequestStatus, string>> = {
  UNDER_REVIEW: 'The industry is told you are looking at it; it can no longer change the request.',
  APPROVED: 'An approved maintenance window counts as maintenance in every figure: no exceedance alerts, left out of availability and compliance, flagged to the regulator.',
  REJECTED: 'Say why, so the industry can ask again.',
  WITHDRAWN: 'The board is told the request is withdrawn; it cannot be approved afterwards.',
  CLOSED: 'Files the decided request away.',
};

const APPROVE_CORRECTION =
  'Approving applies the correction to every figure (trends, reports, compliance), keeps the readings as received beside it, and sends the corrected period to the regulator again.';

/** One move of a change request with a comment; the other party is mailed. */
export function MoveModal({ request, status, onClose }: { request: ChangeRequest; status: ChangeRequestStatus; onClose: () => void }) {
  const move = useMoveChangeRequest(request.id);
  return (
    <StatusMoveModal
      status={status}
      title={`${MOVE_LABELS[status]}: ${requestName(request)}`}
      action={MOVE_LABELS[status]}
      explain={status === 'APPROVED' && request.crType === 'CORRECTION' ? APPROVE_CORRECTION : EXPLAIN[status]}
      done={`The ${requestName(request)} is ${STATUS_LABELS[status].toLowerCase()}.`}
      schema={ChangeRequestPatch}
      move={move}
      danger={status === 'WITHDRAWN'}
      onClose={onClose}
    />
  );
}
