export { CARD_ACTION_NAMES, type CardActionName, type CardActions } from "./card-action-list";
