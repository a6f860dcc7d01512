export { Button, ButtonLink } from './button';
export { Card } from './card';
export { ConfirmPopup } from './confirm-popup';
export { SelectField, TextAreaField, TextField } from './field';
export { Popup } from './popup';
export { BackButton, type BackLink, Screen } from './screen';
export { Badge, EmptyState, Loading, Message } from './status';
export { Table } from './table';
export { Tile, TileGrid } from './tile';
