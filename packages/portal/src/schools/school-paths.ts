/** Where a member no school has taken in yet waits and asks to join one (the functions' decline mail links here too). */
export const WAITING_PATH = '/waiting';
