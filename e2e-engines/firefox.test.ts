// Firefox ESR (Debian's firefox-esr) over WebDriver BiDi, with the desktop autoplay default.
import { firefoxLane } from './driver';
import { engineFlows } from './flows';

engineFlows('firefox', firefoxLane);
