import type { StdParam } from '@enviro/contracts/data/std-params';
import type { Db } from '../../platform/database/database.ts';
import { toStdParam } from '../../platform/database/std-param-columns.ts';
import { StdParamRepository } from './std-params.repository.ts';

/** The standard parameter catalogue of GET /api/allMetaStdParams. */
export class StdParamService {
  private readonly stdParams: StdParamRepository;

  constructor(db: Db) {
    this.stdParams = new StdParamRepository(db);
  }

  /** The whole catalogue, by name (shared by every tenant: the route admits who may read it). */
  async list(): Promise<StdParam[]> {
    return (await this.stdParams.list()).map(toStdParam);
  }
}
