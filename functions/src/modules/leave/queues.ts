/** The queue whose tasks settle one company's (or one employee's) leave accruals. */
export const ACCRUAL_QUEUE = 'leaveAccruals';
