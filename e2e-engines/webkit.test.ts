// WebKitGTK's MiniBrowser (Safari's engine) through Debian's WebKitWebDriver, under Xvfb.
import { webkitLane } from './driver';
import { engineFlows } from './flows';

engineFlows("webkit", webkitLane);
