/**
 * index.html's inline script, after #root: the page's first work (early-page.ts), done while the
 * parser reads the page, for the entry to take (page-config.ts).
 */
import { createEarlyPage } from './early-page';

window.filmPlayerEarlyPage = createEarlyPage();
