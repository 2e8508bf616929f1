import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Extending twice (here and in @enviro/domain) is harmless; importing the plugins here also brings
// their type augmentations (dayjs.tz) into the web project.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
