import { WarrantyPatch, type WarrantyRequest, type WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { StatusMoveModal } from '@/components/workflow/status-move-modal';
import { useMoveWarranty } from '../api/warranty-requests';
import { WARRANTY_MOVE_LABELS, WARRANTY_STATUS_LABELS } from './warranty-labels';

/** One move of a warranty request; the comment goes to the thread and the other side is mailed. */
export function WarrantyMoveModal({ request, status, onClose }: { request: WarrantyRequest; status: WarrantyStatus; onClose: () => void }) {
  const move = useMoveWarranty(request.id);
  return (
    <StatusMoveModal
      status={status}
      title={`${WARRANTY_MOVE_LABELS[status]}: warranty request ${request.id}`}
      action={WARRANTY_MOVE_LABELS[status]}
      done={`Warranty request ${request.id} is ${WARRANTY_STATUS_LABELS[status].toLowerCase()}.`}
      schema={WarrantyPatch}
      move={move}
      onClose={onClose}
    />
  );
}
