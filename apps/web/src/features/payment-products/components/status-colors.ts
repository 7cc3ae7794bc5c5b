import type { EnrollmentStatus } from '@portal/contracts/enums';
import type { StatusColors } from '../../../components/status-badge';

export const ENROLLMENT_STATUS_COLORS: StatusColors<EnrollmentStatus> = {
  SCHEDULED: 'blue',
  ACTIVE: 'green',
  LAPSED: 'gray',
};
