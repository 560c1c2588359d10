// Long work running on the service side (imports, thumbnails, exports…), as last listed.
import type { Job } from '../../../../shared/jobs';

export interface JobsState {
  jobs: Job[];
}

export const initialJobsState: JobsState = { jobs: [] };
