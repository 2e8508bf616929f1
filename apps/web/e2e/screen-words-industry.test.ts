import { menuWalks } from './screen-words.ts';

menuWalks([
  ['an industry administrator', 'industry.admin@enviro.demo', 'desktop'],
  ['an industry administrator', 'industry.admin@enviro.demo', 'phone'],
]);
