// Lets code outside React (the API client) move the router without importing it.
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(`/ops${path}`);

export function setNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
