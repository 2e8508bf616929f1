import { ActionIcon, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { GRID_COLUMNS, type Widget, type WidgetLayout } from '@enviro/contracts/dashboards';
import { GRID_GAP, gridDelta, placeWidget, ROW_HEIGHT, type Placed } from './grid-layout';
import { WidgetChart } from './widget-card';

const PHONE = '(max-width: 47.99em)';
const HEADER_PX = 36;

interface BoardGridProps {
  widgets: readonly Widget[];
  /** Edit mode: widgets are dragged by their header's handle and resized by their corner. */
  editing: boolean;
  onLayout?: (layouts: Placed[]) => void;
  onEdit?: (widget: Widget) => void;
  onRemove?: (widget: Widget) => void;
}

interface Gesture {
  id: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  start: WidgetLayout;
}

const pixels = (rows: number) => rows * ROW_HEIGHT + (rows - 1) * GRID_GAP;

/**
 * The dashboard's 12-column grid (rows of 80 px). In edit mode a widget moves by dragging its
 * handle (or its arrow keys) and resizes by its corner (or Shift and the arrows); widgets it lands
 * on are pushed down and holes close. On a phone the widgets stack in grid order, full width.
 */
export function BoardGrid({ widgets, editing, onLayout, onEdit, onRemove }: BoardGridProps) {
  const phone = useMediaQuery(PHONE) ?? false;
  const box = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [draft, setDraft] = useState<Placed[] | null>(null);
  const placed: Placed[] = draft ?? widgets.map((w) => ({ id: w.id, layout: w.layout }));
  const layoutOf = new Map(placed.map((p) => [p.id, p.layout]));
  const canEdit = editing && !phone;

  const columnWidth = () => ((box.current?.clientWidth ?? 1200) - (GRID_COLUMNS - 1) * GRID_GAP) / GRID_COLUMNS;

  const begin = (e: PointerEvent, id: string, mode: Gesture['mode']) => {
    if (!canEdit) return;
    e.preventDefault();
    (e.target as Element).setPointerCapture(e.pointerId);
    gesture.current = { id, mode, startX: e.clientX, startY: e.clientY, start: layoutOf.get(id)! };
  };
  const track = (e: PointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    const { cols, rows } = gridDelta(e.clientX - g.startX, e.clientY - g.startY, columnWidth());
    const next = g.mode === 'move' ? { ...g.start, x: g.start.x + cols, y: g.start.y + rows } : { ...g.start, w: g.start.w + cols, h: g.start.h + rows };
    setDraft(placeWidget(widgets.map((w) => ({ id: w.id, layout: w.layout })), g.id, next));
  };
  const end = () => {
    if (!gesture.current) return;
    gesture.current = null;
    if (draft) onLayout?.(draft);
    setDraft(null);
  };
  const nudge = (e: KeyboardEvent, id: string) => {
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    if (!step || !canEdit) return;
    e.preventDefault();
    const l = layoutOf.get(id)!;
    const next = e.shiftKey ? { ...l, w: l.w + step[0], h: l.h + step[1] } : { ...l, x: l.x + step[0], y: l.y + step[1] };
    onLayout?.(placeWidget(placed, id, next));
  };

  const ordered = [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  return (
    <div
      ref={box}
      onPointerMove={track}
      onPointerUp={end}
      onPointerCancel={end}
      style={{
        display: 'grid',
        gridTemplateColumns: phone ? '1fr' : `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
        gridAutoRows: ROW_HEIGHT,
        gap: GRID_GAP,
        touchAction: canEdit ? 'none' : undefined,
      }}
    >
      {ordered.map((widget) => {
        const l = layoutOf.get(widget.id)!;
        const rows = phone ? Math.max(l.h, widget.kind === 'calendarHeatmap' ? 4 : 3) : l.h;
        return (
          <Paper
            key={widget.id}
            withBorder
            p="xs"
            data-widget={widget.id}
            style={{
              gridColumn: phone ? '1 / -1' : `${l.x + 1} / span ${l.w}`,
              gridRow: phone ? `span ${rows}` : `${l.y + 1} / span ${l.h}`,
              position: 'relative',
              overflow: 'hidden',
              outline: draft && gesture.current?.id === widget.id ? '2px dashed var(--mantine-color-blue-5)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" h={HEADER_PX - 8} gap={4}>
              {canEdit ? (
                <Tooltip label="Drag to move; arrow keys move, Shift+arrows resize">
                  <UnstyledButton
                    aria-label={`Move ${widget.name}`}
                    onPointerDown={(e) => begin(e, widget.id, 'move')}
                    onKeyDown={(e) => nudge(e, widget.id)}
                    style={{ cursor: 'grab', flex: 1, minWidth: 0 }}
                  >
                    <Text fw={600} fz="sm" truncate>
                      ⠿ {widget.name}
                    </Text>
                  </UnstyledButton>
                </Tooltip>
              ) : (
                <Text fw={600} fz="sm" truncate component="h2" m={0}>
                  {widget.name}
                </Text>
              )}
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${widget.name}`} onClick={() => onEdit?.(widget)}>
                    ✎
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${widget.name}`} onClick={() => onRemove?.(widget)}>
                    ✕
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <WidgetChart widget={widget} height={pixels(rows) - HEADER_PX - 16} />
            {canEdit && (
              <div
                role="separator"
                aria-label={`Resize ${widget.name}`}
                onPointerDown={(e) => begin(e, widget.id, 'resize')}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 18,
                  height: 18,
                  cursor: 'nwse-resize',
                  background: 'linear-gradient(135deg, transparent 50%, var(--mantine-color-gray-5) 50%)',
                }}
              />
            )}
          </Paper>
        );
      })}
    </div>
  );
}
