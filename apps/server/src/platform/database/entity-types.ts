/** Node types that hold stations rather than being stations: every other entity type is a station. */
export const CONTAINER_TYPES = ['group', 'facility'] as const;
