export { Button, ButtonLink } from './button';
export { Card } from './card';
export { SelectField, TextAreaField, TextField } from './field';
export { Popup } from './popup';
export { BackButton, type BackLink, Screen } from './screen';
export { Badge, EmptyState, Loading, Message } from './status';
export { Tile, TileGrid } from './tile';
