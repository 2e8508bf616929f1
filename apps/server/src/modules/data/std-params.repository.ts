import { Repository } from '../../platform/database/repository.ts';
import { STD_PARAM_COLUMNS, type StdParamRow } from '../../platform/database/std-param-columns.ts';

/** The standard parameter catalogue, shared by every tenant. */
export class StdParamRepository extends Repository {
  list(): Promise<StdParamRow[]> {
    return this.db.selectFrom('std_param').select(STD_PARAM_COLUMNS).orderBy('std_param.name').execute();
  }
}
