import type { MySmallShipmentDto, ShipmentOfferDto } from '@freight/shared';

/** The shipments with this offer replacing its older copy, or added to its shipment's offers. */
export function withOffer(shipments: MySmallShipmentDto[], offer: ShipmentOfferDto): MySmallShipmentDto[] {
  return shipments.map((shipment) => {
    if (shipment.id !== offer.shipmentId) return shipment;
    const known = shipment.offers.some((o) => o.id === offer.id);
    return {
      ...shipment,
      offers: known
        ? shipment.offers.map((o) => (o.id === offer.id ? offer : o))
        : [...shipment.offers, offer],
    };
  });
}
