import { Alert, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { EnergyMeter } from '@enviro/contracts/energy';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { fromWallClock } from '@enviro/domain/time-zone';
import { useState, type FormEvent } from 'react';
import { IstDateTimeField } from '@/components/date-picker/ist-date-time-field';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useEnterReadings } from '../api/energy';
import { generalProblem, problemsByField, type FieldProblem } from './field-problems';

/** 'YYYY-MM-DDTHH:mm' on India's wall clock as an ISO instant; '' when it is no time. */
const istInstant = (wall: string) => {
  const at = Date.parse(`${wall}:00Z`);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall) && !Number.isNaN(at) ? new Date(fromWallClock(at, DISPLAY_TIME_ZONE)).toISOString() : '';
};

/**
 * A meter's register read by hand (a meter without a data link, read on a walk-round): the time
 * and what the register shows. It continues the meter's series; a counter that fell is a
 * replacement, which the server refuses as a reading, under the field it names.
 */
export function ReadingFormModal({ meter, onClose }: { meter: EnergyMeter; onClose: () => void }) {
  const enter = useEnterReadings();
  const [time, setTime] = useState('');
  const [register, setRegister] = useState<number | string>('');
  const [tried, setTried] = useState(false);
  const own: FieldProblem[] = [
    ...(istInstant(time) === '' ? [{ field: 'readings[0].time', message: 'the day and time of the reading are required' }] : []),
    ...(register === '' ? [{ field: 'readings[0].register', message: 'the register reading is required' }] : Number(register) < 0 ? [{ field: 'readings[0].register', message: 'a counter reading cannot be negative' }] : []),
  ];
  const problems = problemsByField(tried ? own : [], enter.error);
  const general = generalProblem(enter.error, (f) => f.startsWith('readings[0]'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (own.length) return;
    enter.mutate(
      { entityId: meter.entityId, readings: [{ time: istInstant(time), register: Number(register) }] },
      {
        onSuccess: () => {
          notifyInfo(`The reading of ${meter.entityName} is stored.`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Enter a reading of ${meter.entityName}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            As the register shows it; × {meter.multiplier} gives kWh. A reading continues the meter's series: after its latest reading and not below it.
          </Text>
          <IstDateTimeField label="Read at (IST)" required value={time} onChange={setTime} error={problems.get('readings[0].time')} />
          <NumberInput label="Register reading" required min={0} decimalScale={3} thousandSeparator="," value={register} onChange={setRegister} error={problems.get('readings[0].register')} />
          {general && <Alert color="red">{general}</Alert>}
        </Stack>
        <FormActions label="Store the reading" onCancel={onClose} submitting={enter.isPending} />
      </form>
    </Modal>
  );
}
