import { Alert, Modal, PasswordInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { CameraInput, type Camera } from '@enviro/contracts/cameras';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useCreateCamera, useStationsForCamera, useUpdateCamera } from '../api/cameras';

interface Values extends Record<string, unknown> {
  name: string;
  stationId: string;
  rtspUrl: string;
  username: string;
  password: string;
  onvifUrl: string;
  rtspTransport: string;
}

const INDUSTRY = 'industry';

/**
 * Adds a camera, or changes one. Its address and password are written, never shown again: when
 * changing a camera, a field left empty keeps what is stored.
 */
export function CameraFormModal({ tenantId, camera, onClose }: { tenantId: number; camera: Camera | null; onClose: () => void }) {
  const stations = useStationsForCamera(tenantId);
  const create = useCreateCamera();
  const update = useUpdateCamera();
  const saving = camera ? update : create;
  const { form, general } = useContractForm({
    initialValues: { name: camera?.name ?? '', stationId: camera ? String(camera.stationId ?? INDUSTRY) : '', rtspUrl: '', username: '', password: '', onvifUrl: '', rtspTransport: camera?.rtspTransport ?? 'tcp' } as Values,
    schema: camera ? CameraInput.partial() : CameraInput,
    labels: { name: 'Name', stationId: 'Station', rtspUrl: 'RTSP address', username: 'User name', password: 'Password', onvifUrl: 'ONVIF address', rtspTransport: 'Transport' },
    toInput: (v) => ({
      tenantId,
      name: v.name.trim(),
      stationId: v.stationId === INDUSTRY || v.stationId === '' ? null : Number(v.stationId),
      rtspTransport: v.rtspTransport as 'tcp' | 'udp',
      ...(v.rtspUrl.trim() ? { rtspUrl: v.rtspUrl.trim() } : {}),
      ...(v.username ? { username: v.username } : {}),
      ...(v.password ? { password: v.password } : {}),
      ...(v.onvifUrl.trim() ? { onvifUrl: v.onvifUrl.trim() } : {}),
    }),
    error: saving.error,
  });
  const submit = form.onSubmit((body) => {
    const done = (c: Camera) => {
      notifyInfo(`Camera ${c.name} is saved; its address and password are kept sealed.`);
      onClose();
    };
    if (camera) {
      const { tenantId: _tenant, ...changes } = body as CameraInput;
      update.mutate({ id: camera.id, ...changes }, { onSuccess: done });
    } else create.mutate(body as CameraInput, { onSuccess: done });
  });
  const options = [
    { value: INDUSTRY, label: 'The industry as a whole' },
    ...(stations.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.cameraAddOn ? s.name : `${s.name} (no camera add-on)`, disabled: !s.cameraAddOn })),
  ];
  return (
    <Modal opened onClose={onClose} title={camera ? `Change ${camera.name}` : 'Add a camera'}>
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} data-autofocus />
        <Select mt="sm" label="Station" description="Stations with the camera add-on (counted against the licence)" required data={options} {...form.getInputProps('stationId')} />
        <TextInput mt="sm" label="RTSP address" description={camera ? 'Empty keeps the stored address' : 'The H.264 stream, e.g. rtsp://10.0.0.12:554/stream1'} required={!camera} {...form.getInputProps('rtspUrl')} />
        <TextInput mt="sm" label="User name" autoComplete="off" description={camera?.hasCredentials ? 'Empty keeps the stored one' : undefined} {...form.getInputProps('username')} />
        <PasswordInput mt="sm" label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <TextInput mt="sm" label="ONVIF address" description="For pan, tilt, zoom and presets, e.g. http://10.0.0.12/onvif/device_service" {...form.getInputProps('onvifUrl')} />
        <Text size="sm" mt="sm" fw={500}>
          Transport
        </Text>
        <SegmentedControl data={[{ value: 'tcp', label: 'RTSP over TCP' }, { value: 'udp', label: 'RTP over UDP' }]} {...form.getInputProps('rtspTransport')} />
        <FormActions label={camera ? 'Save' : 'Add the camera'} onCancel={onClose} submitting={saving.isPending} />
      </form>
    </Modal>
  );
}
