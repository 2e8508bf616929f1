const PUBLICATION = ['open-data-publication'] as const;

/** A board's open data setting. */
export const publicationKeys = {
  all: PUBLICATION,
  of: (boardId: number) => [...PUBLICATION, boardId] as const,
};
