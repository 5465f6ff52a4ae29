/** A ninety-sixth held-out batch, written blind: network automation and observability pipelines as code (Netmiko, NAPALM, Nornir, Scrapli, pyATS, Ansible network inventories, NetBox/Nautobot, network Terraform providers, Oxidized/RANCID, SNMPv3, Prometheus/Alertmanager/Grafana, Loki/Alloy, Telegraf, Vector, Fluent Bit, OpenTelemetry Collector, Zabbix, Nagios/Icinga/Checkmk) with device, interface, metric, trace and template look-alikes. */
export const BLIND96_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'n96-netmiko-device-dict-password-and-enable-secret',
    'from netmiko import ConnectHandler\n\ncore_sw = {\n    "device_type": "cisco_ios",\n    "host": "10.20.0.11",\n    "username": "netops",\n    "password": "«{a18}»",\n    "secret": "«{a8}#{a8}»",\n}\nwith ConnectHandler(**core_sw) as conn:\n    conn.enable()\n    print(conn.send_command("show ip int brief"))',
  ],
  [
    'n96-netmiko-inline-kwargs-arista-eos',
    'net_connect = ConnectHandler(device_type="arista_eos", host="leaf-03.dc2.corp.net", username="automation", password="«{a20}»", fast_cli=False)\noutput = net_connect.send_config_from_file("configs/leaf-03.cfg")',
  ],
  [
    'n96-netmiko-key-file-passphrase-kwarg',
    'conn = ConnectHandler(\n    device_type="juniper_junos",\n    host="mx204-edge1",\n    username="svc-netmiko",\n    use_keys=True,\n    key_file="~/.ssh/netops_ed25519",\n    passphrase="«{a24}»",\n)',
  ],
  [
    'n96-netmiko-tools-netmiko-yml-inventory',
    '# ~/.netmiko.yml  (used by netmiko-show / netmiko-grep)\ncisco3:\n  device_type: cisco_ios\n  host: cisco3.lab.acme.net\n  username: pyclass\n  password: «{a14}»\nnxos1:\n  device_type: cisco_nxos\n  host: nxos1.lab.acme.net\n  username: pyclass\n  password: «{a10}!{a5}»',
  ],
  [
    'n96-netmiko-pdb-print-device-dict',
    "netmiko.exceptions.NetmikoAuthenticationException: Authentication to device failed.\n> /opt/netauto/backup.py(42)connect()\n(Pdb) p device\n{'device_type': 'cisco_xe', 'host': '172.16.4.2', 'username': 'svc_netmiko', 'password': '«{a16}»', 'secret': '«{a16}»', 'port': 22}",
  ],
  [
    'n96-netmiko-getenv-literal-default',
    'import os\nfrom netmiko import ConnectHandler\n\nJUNOS_PASS = os.getenv("JUNOS_PASS", "«{a12}${d4}»")\ndev = ConnectHandler(device_type="juniper_junos", host="srx-branch-14", username="ops", password=JUNOS_PASS)',
  ],
  [
    'n96-netmiko-threadpool-shared-creds-constants',
    'from concurrent.futures import ThreadPoolExecutor\nfrom netmiko import ConnectHandler\n\nUSERNAME = "netbackup"\nPASSWORD = "«{a9}@{a9}»"  # rotate after the migration window\nhosts = ["dist-sw1", "dist-sw2", "dist-sw3"]\n\ndef grab(h):\n    with ConnectHandler(device_type="cisco_ios", host=h, username=USERNAME, password=PASSWORD) as c:\n        return c.send_command("show run")',
  ],
  [
    'n96-netmiko-chat-prose-enable-password',
    'netmiko keeps timing out on conn.enable() for the 2960s in building C. Creds are netops / «{a14}» and the enable secret there is «{a12}» — could the prompt pattern be wrong? They show `Switch>` then `Password:`.',
  ],
  [
    'n96-napalm-driver-optional-args-secret',
    'from napalm import get_network_driver\n\ndriver = get_network_driver("ios")\ndevice = driver(\n    hostname="rtr-edge-01.nyc",\n    username="napalm",\n    password="«{a18}»",\n    optional_args={"secret": "«{a16}»", "transport": "ssh", "global_delay_factor": 2},\n)\ndevice.open()',
  ],
  [
    'n96-napalm-cli-password-flag',
    '$ napalm --user netops --password \'«{a16}»\' --vendor eos 10.1.1.21 call get_bgp_neighbors\n{\n    "global": {\n        "router_id": "10.255.0.21",',
  ],
  [
    'n96-napalm-salt-proxy-pillar-passwd',
    '# /srv/pillar/proxy/core-mx1.sls\nproxy:\n  proxytype: napalm\n  driver: junos\n  host: core-mx1.fra.corp.net\n  username: salt-proxy\n  passwd: «{a22}»',
  ],
  [
    'n96-napalm-ansible-task-password-arg',
    '- name: Collect facts from the EOS spines\n  napalm.napalm.get_facts:\n    hostname: "{{ inventory_hostname }}"\n    username: napalm\n    dev_os: eos\n    password: «{a20}»\n    filter: ["facts", "interfaces"]',
  ],
  [
    'n96-nornir-hosts-yaml-per-host-password',
    '# inventory/hosts.yaml\nspine1:\n  hostname: 10.0.0.1\n  platform: eos\n  groups: [spines]\n  password: «{a16}»\nspine2:\n  hostname: 10.0.0.2\n  platform: eos\n  groups: [spines]\n  password: «{a16}»',
  ],
  [
    'n96-nornir-groups-netmiko-extras-secret',
    '# inventory/groups.yaml\nios_access:\n  platform: cisco_ios\n  username: nornir\n  password: «{a18}»\n  connection_options:\n    netmiko:\n      extras:\n        secret: «{a15}»\n        global_delay_factor: 2',
  ],
  [
    'n96-nornir-netbox-inventory-nb-token',
    '# config.yaml\ninventory:\n  plugin: NetBoxInventory2\n  options:\n    nb_url: https://netbox.corp.acme.net\n    nb_token: «{h40}»\n    ssl_verify: false\nrunner:\n  plugin: threaded\n  options:\n    num_workers: 20',
  ],
  [
    'n96-nornir-python-defaults-password-assignment',
    'nr = InitNornir(config_file="config.yaml")\nnr.inventory.defaults.username = "netops"\nnr.inventory.defaults.password = "«{a20}»"\nresult = nr.run(task=napalm_get, getters=["facts"])\nprint_result(result)',
  ],
  [
    'n96-nornir-transform-function-literal-creds',
    'def set_creds(host):\n    host.username = "automation"\n    host.password = "«{a14}»"\n    if host.platform == "cisco_ios":\n        host.connection_options["netmiko"].extras["secret"] = "«{a14}»"',
  ],
  [
    'n96-nornir-scrapli-auth-secondary-extras',
    'iosxe_routers:\n  platform: cisco_iosxe\n  connection_options:\n    scrapli:\n      port: 22\n      extras:\n        auth_strict_key: false\n        auth_secondary: «{a16}»\n  password: «{a6}.{a10}»',
  ],
  [
    'n96-scrapli-iosxe-driver-auth-password-secondary',
    'from scrapli.driver.core import IOSXEDriver\n\nMY_DEVICE = {\n    "host": "172.31.254.1",\n    "auth_username": "scrapli",\n    "auth_password": "«{a18}»",\n    "auth_secondary": "«{a18}»",\n    "auth_strict_key": False,\n}\nwith IOSXEDriver(**MY_DEVICE) as conn:\n    response = conn.send_command("show version")',
  ],
  [
    'n96-scrapli-async-nxos-driver-kwargs',
    'async def main():\n    async with AsyncNXOSDriver(host="n9k-agg1", auth_username="admin", auth_password="«{a12}&{a6}»", transport="asyncssh") as conn:\n        r = await conn.send_command("show interface brief")',
  ],
  [
    'n96-scrapli-netconf-driver-port-830',
    'conn = NetconfDriver(\n    host="ncs5500-pe2",\n    auth_username="netconf",\n    auth_password="«{a20}»",\n    auth_strict_key=False,\n    port=830,\n)\nconn.open()\nprint(conn.get_config(source="running").result)',
  ],
  [
    'n96-scrapligo-options-with-auth-password-go',
    'p, err := platform.NewPlatform(\n\t"cisco_iosxe",\n\t"10.0.40.1",\n\toptions.WithAuthNoStrictKey(),\n\toptions.WithAuthUsername("scrapligo"),\n\toptions.WithAuthPassword("«{a18}»"),\n\toptions.WithAuthSecondary("«{a14}»"),\n)',
  ],
  [
    'n96-pyats-testbed-default-and-enable-credentials',
    'testbed:\n  name: dc1_core\n  credentials:\n    default:\n      username: pyats\n      password: «{a18}»\n    enable:\n      password: «{a14}»\ndevices:\n  core-rtr1:\n    os: iosxe\n    type: router\n    connections:\n      cli:\n        protocol: ssh\n        ip: 10.1.0.1',
  ],
  [
    'n96-pyats-testbed-device-level-credentials',
    'devices:\n  n9k-leaf7:\n    os: nxos\n    platform: n9k\n    credentials:\n      default:\n        username: admin\n        password: "«{a9}!{a9}»"\n    connections:\n      cli:\n        protocol: ssh\n        ip: 192.168.50.17',
  ],
  [
    'n96-genie-load-dict-testbed-python',
    'from genie.testbed import load\n\ntb = load({\n    "devices": {\n        "csr1": {\n            "os": "iosxe",\n            "credentials": {"default": {"username": "genie", "password": "«{a16}»"}},\n            "connections": {"cli": {"protocol": "ssh", "ip": "10.99.0.10"}},\n        }\n    }\n})\ndev = tb.devices["csr1"]\ndev.connect(log_stdout=False)',
  ],
  [
    'n96-pyats-testbed-console-tacacs-line-passwords',
    '  asr-pe3:\n    os: iosxr\n    tacacs:\n      username: lab\n    passwords:\n      tacacs: «{a14}»\n      enable: «{a14}»\n      line: «{a12}»\n    connections:\n      a:\n        protocol: telnet\n        ip: 10.8.0.250\n        port: 2017',
  ],
  [
    'n96-ansible-group-vars-ios-password-become-password',
    '# group_vars/ios.yml\nansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.ios.ios\nansible_user: ansible\nansible_password: «{a18}»\nansible_become: true\nansible_become_method: enable\nansible_become_password: «{a16}»',
  ],
  [
    'n96-ansible-ini-inventory-junos-inline-password',
    '[junos]\nmx1 ansible_host=10.255.1.1 ansible_network_os=junipernetworks.junos.junos ansible_user=netconf ansible_password=«{a16}»\nmx2 ansible_host=10.255.1.2 ansible_network_os=junipernetworks.junos.junos ansible_user=netconf ansible_password=«{a16}»\n\n[junos:vars]\nansible_connection=ansible.netcommon.netconf',
  ],
  [
    'n96-ansible-httpapi-eos-host-vars',
    '# host_vars/spine-01.yml\nansible_connection: ansible.netcommon.httpapi\nansible_network_os: arista.eos.eos\nansible_httpapi_use_ssl: true\nansible_httpapi_validate_certs: false\nansible_user: eapi\nansible_httpapi_password: "«{a20}»"',
  ],
  [
    'n96-ansible-playbook-extra-vars-password-cli',
    "$ ansible-playbook -i inventories/prod site-nxos.yml --limit agg -e ansible_password='«{a18}»' -e ansible_become_password='«{a14}»'\nPLAY [Push NTP and AAA baseline] ************************************************",
  ],
  [
    'n96-ansible-vvv-hostvars-debug-leak',
    'TASK [debug] ********************************************************************\nok: [edge-fw1] => {\n    "hostvars[inventory_hostname]": {\n        "ansible_connection": "ansible.netcommon.network_cli",\n        "ansible_network_os": "cisco.asa.asa",\n        "ansible_password": "«{a16}»",\n        "ansible_become_password": "«{a16}»",',
  ],
  [
    'n96-ansible-panos-provider-api-key',
    '- name: Add address object\n  paloaltonetworks.panos.panos_address_object:\n    provider:\n      ip_address: "{{ inventory_hostname }}"\n      api_key: «LUFRPT{b70}==»\n    name: web-srv-01\n    value: 10.40.1.10',
  ],
  [
    'n96-ansible-fortios-access-token-group-vars',
    '# group_vars/fortigates.yml\nansible_connection: httpapi\nansible_network_os: fortinet.fortios.fortios\nansible_httpapi_use_ssl: true\nansible_httpapi_validate_certs: false\nfortios_access_token: «{l30}»\nvdom: root',
  ],
  [
    'n96-ansible-aci-module-password',
    '- name: Ensure tenant exists\n  cisco.aci.aci_tenant:\n    host: apic1.dc1.corp.net\n    username: ansible\n    password: «{a20}»\n    validate_certs: false\n    tenant: prod\n    state: present',
  ],
  [
    'n96-ansible-meraki-group-vars-api-key',
    '# group_vars/all/meraki.yml\nmeraki_base_url: https://api.meraki.com/api/v1\nmeraki_api_key: «{h40}»\nmeraki_org_id: "{d6}"',
  ],
  [
    'n96-ansible-arista-cvp-cvaas-token-password',
    '[cvaas:vars]\nansible_connection=httpapi\nansible_network_os=eos\nansible_user=cvaas\nansible_password=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B110}.{B86}»\nansible_httpapi_use_ssl=True',
  ],
  [
    'n96-ansible-netbox-nb-inventory-token',
    '# netbox_inventory.yml\nplugin: netbox.netbox.nb_inventory\napi_endpoint: https://netbox.corp.acme.net\ntoken: «{h40}»\nvalidate_certs: true\nconfig_context: true\ngroup_by:\n  - device_roles\n  - sites',
  ],
  [
    'n96-netbox-configuration-py-secret-key-and-db-password',
    '# /opt/netbox/netbox/netbox/configuration.py\nALLOWED_HOSTS = ["netbox.corp.acme.net"]\nDATABASE = {\n    "NAME": "netbox",\n    "USER": "netbox",\n    "PASSWORD": "«{a22}»",\n    "HOST": "pg-netbox.internal",\n}\nSECRET_KEY = "«{a50}»"',
  ],
  ['n96-netbox-api-token-peppers-config', 'API_TOKEN_PEPPERS = {\n    1: "«{a56}»",\n}\nLOGIN_REQUIRED = True'],
  [
    'n96-netbox-curl-token-header-v1',
    'curl -s -H "Authorization: Token «{h40}»" \\\n     -H "Accept: application/json; indent=4" \\\n     "https://netbox.corp.acme.net/api/dcim/devices/?site=fra1&role=leaf" | jq \'.results[].name\'',
  ],
  [
    'n96-netbox-v2-bearer-token-curl',
    '$ curl -sk https://netbox.noc.internal/api/ipam/prefixes/?vrf_id=3 \\\n    -H "Authorization: Bearer «nbt_{a12}.{a40}»" | jq .count\n187',
  ],
  [
    'n96-pynetbox-api-token-kwarg',
    'import pynetbox\n\nnb = pynetbox.api("https://netbox.corp.acme.net", token="«{h40}»")\nfor dev in nb.dcim.devices.filter(site="ams2", status="active"):\n    print(dev.name, dev.primary_ip4)',
  ],
  [
    'n96-netbox-plugins-config-napalm-password',
    'PLUGINS = ["netbox_napalm_plugin", "netbox_topology_views"]\nPLUGINS_CONFIG = {\n    "netbox_napalm_plugin": {\n        "NAPALM_USERNAME": "netbox-ro",\n        "NAPALM_PASSWORD": "«{a20}»",\n        "NAPALM_TIMEOUT": 30,\n    },\n}',
  ],
  [
    'n96-netbox-docker-env-superuser-token',
    '# env/netbox.env\nDB_HOST=postgres\nDB_NAME=netbox\nDB_PASSWORD=«{a24}»\nSUPERUSER_NAME=admin\nSUPERUSER_EMAIL=noc@acme.net\nSUPERUSER_PASSWORD=«{a16}»\nSUPERUSER_API_TOKEN=«{h40}»\nSECRET_KEY=«{a50}»',
  ],
  [
    'n96-netbox-webhook-secret-sync-script',
    '# netbox -> ServiceNow CMDB sync\nNETBOX_URL = "https://netbox.corp.acme.net"\nNETBOX_TOKEN = "«{h40}»"\nWEBHOOK_SECRET = "«{a32}»"   # must match the Webhook object\'s "secret" field',
  ],
  [
    'n96-nautobot-config-plugins-ssot-infoblox-password',
    'PLUGINS_CONFIG = {\n    "nautobot_ssot": {\n        "enable_infoblox": True,\n        "infoblox_url": "https://gm.infoblox.corp",\n        "infoblox_username": "nautobot-sync",\n        "infoblox_password": "«{a20}»",\n        "infoblox_verify_ssl": True,\n    },\n}',
  ],
  [
    'n96-nautobot-env-file-secret-key-db-napalm',
    'NAUTOBOT_ALLOWED_HOSTS=*\nNAUTOBOT_DB_HOST=db\nNAUTOBOT_DB_PASSWORD=«{a22}»\nNAUTOBOT_NAPALM_USERNAME=nautobot\nNAUTOBOT_NAPALM_PASSWORD=«{a18}»\nNAUTOBOT_SECRET_KEY=«{a50}»\nNAUTOBOT_REDIS_PASSWORD=«{a20}»',
  ],
  [
    'n96-pynautobot-api-token-positional',
    'from pynautobot import api\n\nnautobot = api(url="https://nautobot.netops.corp", token="«{h40}»", api_version="2.1")\nlocations = nautobot.dcim.locations.all()',
  ],
  [
    'n96-nautobot-plugin-nornir-credentials-class-settings',
    'PLUGINS_CONFIG["nautobot_plugin_nornir"] = {\n    "use_config_context": {"secrets": False, "connection_options": True},\n    "nornir_settings": {\n        "credentials": "nautobot_plugin_nornir.plugins.credentials.settings_vars.CredentialsSettingsVars",\n        "runner": {"plugin": "threaded", "options": {"num_workers": 20}},\n    },\n    "username": "golden-config",\n    "password": "«{a18}»",\n    "secret": "«{a18}»",\n}',
  ],
  ['n96-terraform-panos-provider-api-key', 'provider "panos" {\n  hostname = "pa-3220-dc1.mgmt.corp"\n  api_key  = "«LUFRPT{b76}=»"\n}'],
  [
    'n96-terraform-panos-provider-username-password',
    'provider "panos" {\n  hostname = "panorama.mgmt.corp"\n  username = "terraform"\n  password = "«{a10}^{a8}»"\n  timeout  = 30\n}',
  ],
  [
    'n96-terraform-fortios-provider-token',
    'provider "fortios" {\n  hostname = "192.168.1.99"\n  token    = "«{l30}»"\n  insecure = true\n  vdom     = "root"\n}',
  ],
  [
    'n96-terraform-aci-provider-password',
    'provider "aci" {\n  username = "terraform"\n  password = "«{a22}»"\n  url      = "https://apic1.dc1.corp.net"\n  insecure = true\n}',
  ],
  [
    'n96-terraform-aci-provider-inline-private-key',
    'provider "aci" {\n  username    = "tf-cert-user"\n  cert_name   = "tf-cert"\n  private_key = <<EOT\n«-----BEGIN PRIVATE KEY-----\nMIIEv{b59}\n{b64}\n{b64}\n{b64}\n{b28}==\n-----END PRIVATE KEY-----»\nEOT\n  url = "https://apic2.dc1.corp.net"\n}',
  ],
  [
    'n96-terraform-meraki-provider-dashboard-key-tfvars',
    '# prod.auto.tfvars\nmeraki_org_id             = "{d6}"\nmeraki_dashboard_api_key  = "«{h40}»"\nbranch_networks           = ["L_{d18}", "N_{d18}"]',
  ],
  [
    'n96-terraform-cloudeos-service-account-token',
    'provider "cloudeos" {\n  cvaas_domain              = "apiserver.arista.io"\n  cvaas_server              = "www.arista.io"\n  service_account_web_token = "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B86}»"\n}',
  ],
  [
    'n96-terraform-tfvars-panos-fortios-mixed',
    '# secrets.auto.tfvars (please git rm this)\npanos_hostname = "fw-edge-ams.mgmt"\npanos_api_key  = "«LUFRPT{b80}==»"\nfortios_token  = "«{l30}»"',
  ],
  [
    'n96-terraform-tfstate-nxos-provider-password',
    '      "instances": [\n        {\n          "schema_version": 0,\n          "attributes": {\n            "id": "nxos-core-01",\n            "url": "https://10.0.5.1",\n            "username": "admin",\n            "password": "«{a20}»",',
  ],
  [
    'n96-terraform-grafana-provider-sa-token-contact-point',
    'provider "grafana" {\n  url  = "https://grafana.noc.corp"\n  auth = "«glsa_{a32}_{h8}»"\n}\n\nresource "grafana_contact_point" "netops" {\n  name = "netops-pager"\n  pagerduty {\n    integration_key = "«{h32}»"\n  }\n}',
  ],
  [
    'n96-batfish-snapshot-config-bgp-and-tacacs-keys',
    'Batfish init_snapshot parses this fine but bf.q.bgpSessionStatus() says NOT_COMPATIBLE for 10.255.0.2, why?\n\nrouter bgp 65010\n neighbor 10.255.0.2 remote-as 65020\n neighbor 10.255.0.2 password 0 «{a16}»\n!\ntacacs server ISE-1\n address ipv4 10.9.0.15\n key 0 «{a20}»',
  ],
  [
    'n96-batfish-snapshot-snmp-community-rw',
    '# snapshots/dc1/configs/agg-sw2.cfg (loaded into Batfish)\nsnmp-server community «{a14}» RW 99\nsnmp-server community «{a14}» RO 98\nsnmp-server location DC1-ROW3-RACK07',
  ],
  [
    'n96-oxidized-config-username-password-enable',
    '# ~/.config/oxidized/config\nusername: oxidized\npassword: «{a18}»\nmodel: ios\ninterval: 3600\nvars:\n  enable: «{a14}»\ninput:\n  default: ssh, telnet',
  ],
  [
    'n96-oxidized-router-db-colon-fields',
    '# /home/oxidized/.config/oxidized/router.db  (name:model:username:password:enable)\ncore-rtr1.fra:ios:oxidized:«{a16}»:«{a12}»\nedge-fw2.fra:fortios:backup:«{a18}»:\nleaf-101.ams:eos:oxidized:«{a16}»:',
  ],
  [
    'n96-oxidized-netbox-http-source-token-header',
    'source:\n  default: http\n  http:\n    url: https://netbox.corp.acme.net/api/dcim/devices/?status=active&has_primary_ip=true&limit=0\n    scheme: https\n    hosts_location: results\n    map:\n      name: name\n      model: platform.slug\n    headers:\n      Authorization: Token «{h40}»',
  ],
  [
    'n96-oxidized-slackdiff-hook-token',
    'hooks:\n  slack_on_change:\n    type: slackdiff\n    events: [post_store]\n    token: «xoxb-{d12}-{d13}-{a24}»\n    channel: "#net-config-changes"',
  ],
  [
    'n96-oxidized-git-remote-push-https-pat',
    'hooks:\n  push_to_remote:\n    type: githubrepo\n    events: [post_store]\n    remote_repo: https://gitlab.corp.net/netops/oxidized-backups.git\n    username: oxidized-bot\n    password: «glpat-{B20}»',
  ],
  [
    'n96-rancid-cloginrc-add-password-braces',
    '# ~rancid/.cloginrc\nadd user       *.corp.net      rancid\nadd password   core-*.corp.net {«{a14}»} {«{a14}»}\nadd password   *.corp.net      {«{a16}»}\nadd method     *               ssh telnet',
  ],
  [
    'n96-rancid-cloginrc-autoenable-bare-password',
    'add autoenable  fw-*.mgmt       1\nadd user        fw-*.mgmt       netbackup\nadd password    fw-*.mgmt       «{a18}»',
  ],
  [
    'n96-snmp-exporter-snmp-yml-v3-authpriv',
    'auths:\n  netops_v3:\n    version: 3\n    username: prom-snmp\n    security_level: authPriv\n    auth_protocol: SHA256\n    password: «{a20}»\n    priv_protocol: AES\n    priv_password: «{a20}»',
  ],
  [
    'n96-snmp-exporter-generator-auth-community-custom',
    '# generator.yml\nauths:\n  dc_v2:\n    community: «{a16}»\n    version: 2\nmodules:\n  if_mib:\n    walk: [sysUpTime, interfaces, ifXTable]',
  ],
  [
    'n96-telegraf-inputs-snmp-v3-auth-priv-password',
    '[[inputs.snmp]]\n  agents = ["udp://10.0.0.1:161", "udp://10.0.0.2:161"]\n  version = 3\n  sec_name = "telegraf"\n  auth_protocol = "SHA"\n  auth_password = "«{a18}»"\n  sec_level = "authPriv"\n  priv_protocol = "AES"\n  priv_password = "«{a18}»"',
  ],
  [
    'n96-cisco-ios-snmp-server-user-v3-auth-priv',
    'snmp-server group NMS v3 priv read NMS-VIEW\nsnmp-server user librenms NMS v3 auth sha «{a16}» priv aes 128 «{a16}»\nsnmp-server host 10.10.0.30 version 3 priv librenms',
  ],
  [
    'n96-junos-snmp-v3-usm-authentication-password',
    'set snmp v3 usm local-engine user nms authentication-sha authentication-password "«{a20}»"\nset snmp v3 usm local-engine user nms privacy-aes128 privacy-password "«{a20}»"\nset snmp v3 vacm security-to-group security-model usm security-name nms group nms-ro',
  ],
  [
    'n96-gosnmp-usm-security-parameters-go',
    'params := &gosnmp.GoSNMP{\n\tTarget:        "10.1.1.1",\n\tPort:          161,\n\tVersion:       gosnmp.Version3,\n\tSecurityModel: gosnmp.UserSecurityModel,\n\tMsgFlags:      gosnmp.AuthPriv,\n\tSecurityParameters: &gosnmp.UsmSecurityParameters{\n\t\tUserName:                 "poller",\n\t\tAuthenticationProtocol:   gosnmp.SHA,\n\t\tAuthenticationPassphrase: "«{a18}»",\n\t\tPrivacyProtocol:          gosnmp.AES,\n\t\tPrivacyPassphrase:        "«{a18}»",\n\t},\n}',
  ],
  [
    'n96-pysnmp-usmuserdata-authkey-privkey',
    'iterator = getCmd(\n    SnmpEngine(),\n    UsmUserData("poller", authKey="«{a16}»", privKey="«{a16}»",\n                authProtocol=usmHMACSHAAuthProtocol, privProtocol=usmAesCfb128Protocol),\n    UdpTransportTarget(("10.1.1.1", 161)),\n    ContextData(),\n    ObjectType(ObjectIdentity("SNMPv2-MIB", "sysDescr", 0)),\n)',
  ],
  [
    'n96-librenms-lnms-device-add-v3-flags',
    "$ lnms device:add --v3 --seclevel authPriv --authname librenms --authpass '«{a18}»' --authalgo SHA --cryptopass '«{a18}»' --cryptoalgo AES dist-sw4.corp.net\nAdded device dist-sw4.corp.net (214)",
  ],
  [
    'n96-zabbix-template-export-snmpv3-macros',
    "      macros:\n        - macro: '{$SNMPV3_USER}'\n          value: zbx-poller\n        - macro: '{$SNMPV3_AUTHPASS}'\n          value: «{a18}»\n        - macro: '{$SNMPV3_PRIVPASS}'\n          value: «{a18}»",
  ],
  [
    'n96-snmptrapd-conf-createuser-engine-id',
    '# /etc/snmp/snmptrapd.conf\ncreateUser -e 0x80000009030000{H12} trapuser SHA "«{a16}»" AES "«{a16}»"\nauthUser log,execute trapuser\ntraphandle default /usr/local/bin/trap2loki.sh',
  ],
  [
    'n96-datadog-snmp-conf-yaml-v3-keys',
    '# /etc/datadog-agent/conf.d/snmp.d/conf.yaml\ninstances:\n  - ip_address: 10.20.30.1\n    snmp_version: 3\n    user: dd-snmp\n    authProtocol: SHA\n    authKey: «{a20}»\n    privProtocol: AES\n    privKey: «{a20}»',
  ],
  [
    'n96-datadog-snmp-autodiscovery-community-string',
    'network_devices:\n  autodiscovery:\n    workers: 100\n    configs:\n      - network_address: 10.10.0.0/24\n        snmp_version: 2\n        community_string: «{a14}»',
  ],
  [
    'n96-snmp-exporter-curl-auth-param-and-chat',
    "snmp_exporter works for the Juniper boxes but not the Aristas — they use a different community: «{a12}». I added it under auths.arista_v2 and curl 'http://snmp-exporter:9116/snmp?target=10.3.0.5&auth=arista_v2&module=if_mib' returns nothing.",
  ],
  [
    'n96-prometheus-scrape-basic-auth-snmp-exporter-job',
    '  - job_name: snmp-core\n    metrics_path: /snmp\n    params:\n      module: [if_mib]\n      auth: [netops_v3]\n    basic_auth:\n      username: prometheus\n      password: «{a22}»\n    static_configs:\n      - targets: [core-rtr1.fra, core-rtr2.fra]',
  ],
  [
    'n96-prometheus-scrape-legacy-bearer-token',
    '  - job_name: gnmic\n    scheme: https\n    bearer_token: «{a40}»\n    tls_config:\n      insecure_skip_verify: true\n    static_configs:\n      - targets: ["gnmic-collector-01:9804"]',
  ],
  [
    'n96-prometheus-scrape-authorization-credentials',
    '  - job_name: netbox-metrics\n    authorization:\n      type: Token\n      credentials: «{h40}»\n    static_configs:\n      - targets: ["netbox.corp.acme.net:443"]\n    scheme: https',
  ],
  [
    'n96-prometheus-remote-write-grafana-cloud-glc',
    'remote_write:\n  - url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\n    basic_auth:\n      username: "{d7}"\n      password: «glc_eyJvIjoi{B120}=»',
  ],
  [
    'n96-prometheus-scrape-oauth2-client-secret',
    '  - job_name: cloud-fw-exporter\n    oauth2:\n      client_id: prometheus-scraper\n      client_secret: «{a40}»\n      token_url: https://sso.corp.acme.net/realms/infra/protocol/openid-connect/token\n      scopes: [metrics.read]',
  ],
  [
    'n96-prometheus-consul-sd-acl-token',
    '  - job_name: node-exporters\n    consul_sd_configs:\n      - server: consul.service.dc1:8500\n        token: «{h8}-{h4}-{h4}-{h4}-{h12}»\n        services: [node-exporter, blackbox]',
  ],
  [
    'n96-prometheus-api-curl-basic-auth-u-flag',
    "$ curl -s -u prom-ro:'«{a20}»' 'https://prometheus.noc.corp/api/v1/query?query=ifOperStatus{ifName=\"et-0/0/1\"}' | jq '.data.result[0].value'",
  ],
  [
    'n96-vmagent-remote-write-bearer-token-flag',
    'ExecStart=/usr/local/bin/vmagent \\\n  -promscrape.config=/etc/vmagent/scrape.yml \\\n  -remoteWrite.url=https://vm.noc.corp/api/v1/write \\\n  -remoteWrite.bearerToken=«{a44}»',
  ],
  [
    'n96-thanos-objstore-s3-secret-key',
    'type: S3\nconfig:\n  bucket: noc-thanos-blocks\n  endpoint: s3.eu-central-1.amazonaws.com\n  access_key: AKIA{u16}\n  secret_key: «{b40}»',
  ],
  [
    'n96-prometheus-pushgateway-basic-auth-handler-python',
    'from prometheus_client.exposition import basic_auth_handler\n\ndef auth_handler(url, method, timeout, headers, data):\n    return basic_auth_handler(url, method, timeout, headers, data, "pushjob", "«{a20}»")\n\npush_to_gateway("pushgw.noc.corp:9091", job="config_backup", registry=registry, handler=auth_handler)',
  ],
  [
    'n96-alertmanager-global-slack-api-url',
    'global:\n  resolve_timeout: 5m\n  slack_api_url: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\nroute:\n  receiver: netops-slack\n  group_by: [alertname, device]',
  ],
  [
    'n96-alertmanager-pagerduty-routing-key',
    "receivers:\n  - name: netops-pager\n    pagerduty_configs:\n      - routing_key: «{h32}»\n        severity: '{{ .CommonLabels.severity }}'\n        description: '{{ .CommonAnnotations.summary }}'",
  ],
  [
    'n96-alertmanager-opsgenie-api-key-receiver',
    '  - name: opsgenie-noc\n    opsgenie_configs:\n      - api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n        api_url: https://api.eu.opsgenie.com/\n        responders:\n          - name: NOC\n            type: team',
  ],
  [
    'n96-alertmanager-webhook-url-token-query',
    '  - name: chatops-bridge\n    webhook_configs:\n      - url: «https://chatops.corp.acme.net/hooks/alertmanager?token={a32}»\n        send_resolved: true',
  ],
  [
    'n96-alertmanager-msteams-webhook-url',
    '  - name: teams-netops\n    msteams_configs:\n      - webhook_url: «https://acmecorp.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»\n        title: \'{{ template "msteams.default.title" . }}\'',
  ],
  [
    'n96-alertmanager-telegram-bot-token',
    '  - name: telegram-oncall\n    telegram_configs:\n      - bot_token: «{d10}:AA{B33}»\n        chat_id: -100{d10}\n        parse_mode: HTML',
  ],
  [
    'n96-alertmanager-pushover-user-key-token',
    '  - name: pushover-lead\n    pushover_configs:\n      - user_key: «u{l29}»\n        token: «a{l29}»\n        priority: \'{{ if eq .Status "firing" }}2{{ else }}0{{ end }}\'',
  ],
  [
    'n96-alertmanager-smtp-auth-password-global',
    'global:\n  smtp_smarthost: smtp.office365.com:587\n  smtp_from: alertmanager@acme.net\n  smtp_auth_username: alertmanager@acme.net\n  smtp_auth_password: «{a10}#{a8}»\n  smtp_require_tls: true',
  ],
  [
    'n96-alertmanager-victorops-api-key',
    '  - name: splunk-oncall\n    victorops_configs:\n      - api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n        routing_key: network-core',
  ],
  [
    'n96-alertmanager-webex-bot-credentials',
    '  - name: webex-noc\n    webex_configs:\n      - room_id: Y2lzY29zcGFyazovL3VzL1JPT00v{B40}\n        http_config:\n          authorization:\n            credentials: «{B64}_PF84_{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'n96-amtool-url-embedded-basic-auth',
    '$ amtool --alertmanager.url=https://noc:«{a18}»@alertmanager.noc.corp alert query alertname=BGPSessionDown\nAlertname       Starts At                Summary\nBGPSessionDown  2024-06-11 08:14:02 UTC  BGP peer 10.255.0.9 on edge-rtr2 is Idle',
  ],
  [
    'n96-grafana-datasource-prometheus-basic-auth-password',
    'apiVersion: 1\ndatasources:\n  - name: Prometheus-NOC\n    type: prometheus\n    url: https://prometheus.noc.corp\n    basicAuth: true\n    basicAuthUser: grafana\n    secureJsonData:\n      basicAuthPassword: «{a22}»',
  ],
  [
    'n96-grafana-datasource-loki-http-header-value',
    '  - name: Loki-Cloud\n    type: loki\n    url: https://logs-prod-012.grafana.net\n    jsonData:\n      httpHeaderName1: Authorization\n    secureJsonData:\n      httpHeaderValue1: "Bearer «glc_eyJvIjoi{B110}fX0=»"',
  ],
  [
    'n96-grafana-datasource-influxql-password',
    '  - name: InfluxDB-Telemetry\n    type: influxdb\n    url: http://influxdb.noc.corp:8086\n    user: grafana\n    jsonData:\n      dbName: gnmi\n      httpMode: POST\n    secureJsonData:\n      password: «{a20}»',
  ],
  [
    'n96-grafana-datasource-zabbix-plugin-api-token',
    '  - name: Zabbix\n    type: alexanderzobnin-zabbix-datasource\n    url: https://zabbix.noc.corp/api_jsonrpc.php\n    jsonData:\n      authType: token\n      trends: true\n    secureJsonData:\n      apiToken: «{h64}»',
  ],
  [
    'n96-grafana-contact-points-slack-url',
    'apiVersion: 1\ncontactPoints:\n  - orgId: 1\n    name: netops-slack\n    receivers:\n      - uid: netops-slack-01\n        type: slack\n        settings:\n          url: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n          recipient: "#netops-alerts"',
  ],
  [
    'n96-grafana-contact-points-pagerduty-integration-key',
    '      - uid: pd-core\n        type: pagerduty\n        settings:\n          integrationKey: «{h32}»\n          severity: critical\n          class: network',
  ],
  [
    'n96-grafana-contact-points-webhook-basic-password',
    '      - uid: itsm-hook\n        type: webhook\n        settings:\n          url: https://itsm.corp.acme.net/api/events/grafana\n          httpMethod: POST\n          username: grafana\n          password: «{a20}»',
  ],
  [
    'n96-grafana-ini-smtp-password',
    '[smtp]\nenabled = true\nhost = smtp.sendgrid.net:587\nuser = apikey\npassword = «SG.{B22}.{B43}»\nfrom_address = grafana@noc.acme.net',
  ],
  [
    'n96-grafana-cli-reset-admin-password',
    "$ kubectl -n monitoring exec deploy/grafana -- grafana cli admin reset-admin-password '«{a20}»'\nAdmin password changed successfully ✔",
  ],
  [
    'n96-grafana-api-curl-glsa-annotations',
    'curl -s -X POST https://grafana.noc.corp/api/annotations \\\n  -H "Authorization: Bearer «glsa_{a32}_{h8}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"dashboardUID":"netcore-bgp","text":"maintenance: edge-rtr2 linecard swap","tags":["change"]}\'',
  ],
  [
    'n96-grafana-oncall-alertmanager-integration-url',
    '  - name: grafana-oncall\n    webhook_configs:\n      - url: «https://oncall-prod-eu-west-0.grafana.net/oncall/integrations/v1/alertmanager/{a25}/»\n        send_resolved: true',
  ],
  [
    'n96-promtail-clients-basic-auth-password',
    'clients:\n  - url: https://loki.noc.corp/loki/api/v1/push\n    tenant_id: network\n    basic_auth:\n      username: promtail\n      password: «{a22}»',
  ],
  [
    'n96-promtail-clients-url-embedded-glc-token',
    'clients:\n  - url: https://{d6}:«glc_eyJvIjoi{B110}fX0=»@logs-prod-eu-west-0.grafana.net/loki/api/v1/push\nscrape_configs:\n  - job_name: syslog-network\n    syslog:\n      listen_address: 0.0.0.0:1514',
  ],
  [
    'n96-alloy-loki-write-basic-auth-password',
    'loki.write "grafana_cloud" {\n  endpoint {\n    url = "https://logs-prod-006.grafana.net/loki/api/v1/push"\n    basic_auth {\n      username = "{d6}"\n      password = "«glc_eyJvIjoi{B120}=»"\n    }\n  }\n}',
  ],
  [
    'n96-alloy-prometheus-remote-write-bearer-token',
    'prometheus.remote_write "mimir" {\n  endpoint {\n    url          = "https://mimir.noc.corp/api/v1/push"\n    bearer_token = "«{a48}»"\n    headers      = { "X-Scope-OrgID" = "network" }\n  }\n}',
  ],
  [
    'n96-alloy-otelcol-auth-basic-password',
    'otelcol.auth.basic "tempo" {\n  username = "{d6}"\n  password = "«glc_eyJvIjoi{B100}fX0=»"\n}\notelcol.exporter.otlp "tempo" {\n  client {\n    endpoint = "tempo-prod-10-prod-eu-west-2.grafana.net:443"\n    auth     = otelcol.auth.basic.tempo.handler\n  }\n}',
  ],
  [
    'n96-logcli-env-password-export',
    '$ export LOKI_ADDR=https://loki.noc.corp\n$ export LOKI_USERNAME=logcli\n$ export LOKI_PASSWORD=\'«{a20}»\'\n$ logcli query \'{job="syslog-network", host="edge-rtr2"} |= "BGP-5-ADJCHANGE"\' --since=1h',
  ],
  [
    'n96-alloy-syslog-to-loki-tenant-and-password',
    'loki.source.syslog "routers" {\n  listener {\n    address  = "0.0.0.0:5514"\n    protocol = "udp"\n  }\n  forward_to = [loki.write.noc.receiver]\n}\nloki.write "noc" {\n  endpoint {\n    url       = "https://loki.noc.corp/loki/api/v1/push"\n    tenant_id = "network"\n    basic_auth {\n      username = "alloy"\n      password = "«{a22}»"\n    }\n  }\n}',
  ],
  [
    'n96-telegraf-outputs-influxdb-v2-token-gnmi-bucket',
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.noc.corp:8086"]\n  token = "«{B86}==»"\n  organization = "netops"\n  bucket = "gnmi"',
  ],
  [
    'n96-telegraf-outputs-influxdb-v1-password',
    '[[outputs.influxdb]]\n  urls = ["http://influxdb-01.noc.corp:8086"]\n  database = "snmp"\n  username = "telegraf"\n  password = "«{a20}»"\n  retention_policy = "autogen"',
  ],
  [
    'n96-telegraf-inputs-gnmi-username-password',
    '[[inputs.gnmi]]\n  addresses = ["spine1.dc1:6030", "spine2.dc1:6030"]\n  username = "telegraf"\n  password = "«{a18}»"\n  encoding = "proto"\n  redial = "10s"\n  [[inputs.gnmi.subscription]]\n    name = "ifcounters"\n    origin = "openconfig"\n    path = "/interfaces/interface/state/counters"\n    subscription_mode = "sample"\n    sample_interval = "10s"',
  ],
  [
    'n96-telegraf-outputs-http-authorization-header',
    '[[outputs.http]]\n  url = "https://ingest.noc.corp/v1/metrics"\n  data_format = "prometheusremotewrite"\n  [outputs.http.headers]\n    Content-Type = "application/x-protobuf"\n    Authorization = "Bearer «{a44}»"',
  ],
  ['n96-telegraf-outputs-datadog-apikey', '[[outputs.datadog]]\n  apikey = "«{h32}»"\n  url = "https://api.datadoghq.eu/api/v1/series"'],
  [
    'n96-telegraf-systemd-env-file-influx-token',
    '# /etc/default/telegraf\nINFLUX_URL=https://influx.noc.corp:8086\nINFLUX_TOKEN=«{B86}==»\nINFLUX_ORG=netops',
  ],
  [
    'n96-vector-splunk-hec-logs-default-token',
    '[sinks.splunk_network]\ntype = "splunk_hec_logs"\ninputs = ["parse_syslog"]\nendpoint = "https://splunk-hec.corp.acme.net:8088"\ndefault_token = "«{H8}-{H4}-{H4}-{H4}-{H12}»"\nindex = "network"\nencoding.codec = "json"',
  ],
  [
    'n96-vector-datadog-logs-default-api-key',
    'sinks:\n  dd_logs:\n    type: datadog_logs\n    inputs: [routers_syslog]\n    site: datadoghq.eu\n    default_api_key: «{h32}»\n    compression: gzip',
  ],
  [
    'n96-vector-http-sink-basic-auth-password',
    '[sinks.siem]\ntype = "http"\ninputs = ["firewall_logs"]\nuri = "https://siem-ingest.corp.acme.net/api/v2/events"\nencoding.codec = "json"\nauth.strategy = "basic"\nauth.user = "vector"\nauth.password = "«{a22}»"',
  ],
  [
    'n96-vector-http-sink-request-headers-bearer',
    'sinks:\n  netflow_out:\n    type: http\n    inputs: [netflow_enriched]\n    uri: https://collector.noc.corp/ingest\n    encoding:\n      codec: json\n    request:\n      headers:\n        Authorization: "Bearer «{a40}»"',
  ],
  [
    'n96-vector-new-relic-sink-license-key',
    '[sinks.nr_logs]\ntype = "new_relic"\ninputs = ["syslog_in"]\naccount_id = "{d7}"\napi = "logs"\nlicense_key = "«{h36}NRAL»"',
  ],
  [
    'n96-vector-axiom-sink-token',
    '[sinks.axiom]\ntype = "axiom"\ninputs = ["firewall_logs"]\ndataset = "pan-traffic"\ntoken = "«xaat-{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'n96-fluent-bit-output-splunk-token',
    '[OUTPUT]\n    Name            splunk\n    Match           netdev.*\n    Host            splunk-hec.corp.acme.net\n    Port            8088\n    TLS             On\n    Splunk_Token    «{h8}-{h4}-{h4}-{h4}-{h12}»\n    Splunk_Send_Raw Off',
  ],
  [
    'n96-fluent-bit-output-datadog-apikey',
    '[OUTPUT]\n    Name        datadog\n    Match       syslog.*\n    Host        http-intake.logs.datadoghq.eu\n    TLS         on\n    apikey      «{h32}»\n    dd_service  network-syslog\n    dd_source   cisco',
  ],
  [
    'n96-fluent-bit-output-http-authorization-header',
    '[OUTPUT]\n    Name        http\n    Match       *\n    Host        logs.noc.corp\n    Port        443\n    URI         /ingest/fluentbit\n    Format      json\n    tls         On\n    Header      Authorization Bearer «{a40}»',
  ],
  [
    'n96-fluent-bit-output-loki-http-passwd',
    '[OUTPUT]\n    name        loki\n    match       syslog.*\n    host        logs-prod-eu-west-0.grafana.net\n    port        443\n    tls         on\n    http_user   {d6}\n    http_passwd «glc_eyJvIjoi{B110}fX0=»\n    labels      job=fluent-bit, source=routers',
  ],
  [
    'n96-fluent-bit-yaml-output-opentelemetry-header',
    'pipeline:\n  outputs:\n    - name: opentelemetry\n      match: "*"\n      host: otlp.eu01.nr-data.net\n      port: 443\n      tls: on\n      header:\n        - api-key «{h36}NRAL»\n      logs_uri: /v1/logs',
  ],
  [
    'n96-fluent-bit-output-http-sumologic-url-uri',
    '[OUTPUT]\n    Name      http\n    Match     netflow.*\n    Host      endpoint4.collection.us2.sumologic.com\n    Port      443\n    URI       «/receiver/v1/http/ZaVnC4dhaV{B100}==»\n    Format    json_lines\n    tls       on',
  ],
  [
    'n96-otelcol-otlphttp-honeycomb-team-header',
    'exporters:\n  otlphttp/honeycomb:\n    endpoint: https://api.eu1.honeycomb.io\n    headers:\n      x-honeycomb-team: «hcaik_{l58}»\n      x-honeycomb-dataset: netops-gnmi',
  ],
  [
    'n96-otelcol-otlp-newrelic-api-key-header',
    'exporters:\n  otlp/newrelic:\n    endpoint: otlp.eu01.nr-data.net:4317\n    headers:\n      api-key: «{h36}NRAL»\n    compression: gzip',
  ],
  [
    'n96-otelcol-otlphttp-authorization-basic-base64',
    '  otlphttp/grafana:\n    endpoint: https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\n    headers:\n      Authorization: "Basic «{b120}»"',
  ],
  [
    'n96-otelcol-otlphttp-dynatrace-api-token',
    '  otlphttp/dynatrace:\n    endpoint: https://{l8}.live.dynatrace.com/api/v2/otlp\n    headers:\n      Authorization: "Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'n96-otelcol-datadog-exporter-api-key',
    'exporters:\n  datadog:\n    api:\n      site: datadoghq.com\n      key: «{h32}»\n    metrics:\n      resource_attributes_as_tags: true',
  ],
  [
    'n96-otelcol-basicauth-extension-client-password',
    'extensions:\n  basicauth/mimir:\n    client_auth:\n      username: otel-gw\n      password: «{a24}»\nexporters:\n  prometheusremotewrite:\n    endpoint: https://mimir.noc.corp/api/v1/push\n    auth:\n      authenticator: basicauth/mimir',
  ],
  [
    'n96-otel-go-otlptracehttp-with-headers-signoz',
    'exp, err := otlptracehttp.New(ctx,\n\totlptracehttp.WithEndpoint("ingest.eu.signoz.cloud:443"),\n\totlptracehttp.WithHeaders(map[string]string{\n\t\t"signoz-ingestion-key": "«{a36}»",\n\t}),\n)',
  ],
  [
    'n96-otel-exporter-otlp-headers-env-url-encoded',
    'export OTEL_SERVICE_NAME=netbox-sync\nexport OTEL_EXPORTER_OTLP_ENDPOINT=https://otlp-gateway-prod-us-east-0.grafana.net/otlp\nexport OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20«{b112}»"',
  ],
  [
    'n96-otelcol-coralogix-private-key-exporter',
    '  coralogix:\n    domain: eu2.coralogix.com\n    private_key: «cxtp_{a30}»\n    application_name: network\n    subsystem_name: gnmic',
  ],
  ['n96-otelcol-splunk-observability-access-token', '  signalfx:\n    access_token: «{B22}»\n    realm: eu0\n    sync_host_metadata: true'],
  [
    'n96-zabbix-agent-psk-file-cat',
    '$ grep ^TLS /etc/zabbix/zabbix_agent2.conf\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK-edge-rtr2\nTLSPSKFile=/etc/zabbix/zabbix_agent2.psk\n$ sudo cat /etc/zabbix/zabbix_agent2.psk\n«{h64}»',
  ],
  [
    'n96-zabbix-api-token-bearer-curl',
    'curl -s -X POST https://zabbix.noc.corp/api_jsonrpc.php \\\n  -H "Content-Type: application/json-rpc" \\\n  -H "Authorization: Bearer «{h64}»" \\\n  -d \'{"jsonrpc":"2.0","method":"host.get","params":{"output":["hostid","host"],"groupids":["23"]},"id":1}\'',
  ],
  [
    'n96-zabbix-pyzabbix-login-api-token',
    'from zabbix_utils import ZabbixAPI\n\napi = ZabbixAPI(url="https://zabbix.noc.corp")\napi.login(token="«{h64}»")\nhosts = api.host.get(output=["hostid", "name"], filter={"status": 0})',
  ],
  [
    'n96-zabbix-web-conf-php-db-password',
    "// /etc/zabbix/web/zabbix.conf.php\n$DB['TYPE']     = 'POSTGRESQL';\n$DB['SERVER']   = 'pg-zabbix.internal';\n$DB['DATABASE'] = 'zabbix';\n$DB['USER']     = 'zabbix_web';\n$DB['PASSWORD'] = '«{a22}»';",
  ],
  [
    'n96-zabbix-ansible-collection-api-login-pass',
    '# group_vars/zabbix.yml\nansible_network_os: community.zabbix.zabbix\nansible_connection: httpapi\nansible_httpapi_port: 443\nansible_httpapi_use_ssl: true\nansible_user: Admin\nansible_httpapi_pass: «{a18}»\nzabbix_api_server_host: zabbix.noc.corp',
  ],
  [
    'n96-zabbix-mediatype-telegram-token-param',
    "    media_types:\n      - name: Telegram-NOC\n        type: WEBHOOK\n        parameters:\n          - name: api_token\n            value: «{d10}:AA{B33}»\n          - name: api_chat_id\n            value: '{ALERT.SENDTO}'",
  ],
  [
    'n96-zabbix-sender-psk-hex-inline-chat',
    'zabbix_sender -z zabbix.noc.corp --tls-connect psk --tls-psk-identity PSK-netbackup --tls-psk-file /tmp/nb.psk -s netbackup -k backup.status -o 0\nand /tmp/nb.psk has «{h64}» in it — it\'s rejecting with "TLS handshake failed", do I need a trailing newline?',
  ],
  [
    'n96-nagios-resource-cfg-user-macros',
    '# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER3$=«{a16}»\n$USER5$=«{a20}»',
  ],
  [
    'n96-nagios-check-snmp-v3-command-flags',
    "define command {\n    command_name    check_if_oper\n    command_line    $USER1$/check_snmp -H $HOSTADDRESS$ -P 3 -L authPriv -U nagios -a SHA -A '«{a16}»' -x AES -X '«{a16}»' -o IF-MIB::ifOperStatus.$ARG1$ -r 1\n}",
  ],
  [
    'n96-nagios-check-snmp-community-inline',
    'define service {\n    host_name            dist-sw3\n    service_description  Uptime\n    check_command        check_snmp!-C «{a14}» -o sysUpTime.0\n}',
  ],
  [
    'n96-icinga2-api-users-conf-password',
    '// /etc/icinga2/conf.d/api-users.conf\nobject ApiUser "icingaweb2" {\n  password = "«{a22}»"\n  permissions = [ "status/query", "actions/*", "objects/modify/*", "objects/query/*" ]\n}',
  ],
  [
    'n96-icinga2-constants-ticket-salt',
    '/* /etc/icinga2/constants.conf */\nconst PluginDir = "/usr/lib/nagios/plugins"\nconst NodeName = "icinga-master-01.noc.corp"\nconst ZoneName = "master"\nconst TicketSalt = "«{h32}»"',
  ],
  [
    'n96-icinga2-node-setup-ticket-flag',
    '# icinga2 node setup --ticket «{h40}» \\\n    --cn net-satellite-02.noc.corp --endpoint icinga-master-01.noc.corp \\\n    --zone net-satellite --parent_zone master --parent_host icinga-master-01.noc.corp \\\n    --trustedcert /var/lib/icinga2/certs/trusted-parent.crt --accept-commands --accept-config',
  ],
  [
    'n96-checkmk-rest-api-automation-bearer',
    'curl -s "https://cmk.noc.corp/netmon/check_mk/api/1.0/domain-types/host_config/collections/all" \\\n  -H "Authorization: Bearer automation «{u32}»" \\\n  -H "Accept: application/json" | jq \'.value | length\'',
  ],
  [
    'n96-checkmk-agent-ctl-register-password',
    "$ cmk-agent-ctl register --hostname syslog-relay-01 --server cmk.noc.corp --site netmon \\\n    --user agent_registration --password '«{a20}»' --trust-cert\nRegistration complete.",
  ],
  [
    'n96-librenms-api-x-auth-token-curl',
    "curl -s -H 'X-Auth-Token: «{h32}»' https://librenms.noc.corp/api/v0/devices/dist-sw4/ports | jq '.ports | length'",
  ],
  [
    'n96-prtg-api-apitoken-query',
    'GET https://prtg.noc.corp/api/table.json?content=sensors&columns=objid,device,sensor,status&filter_status=5&apitoken=«{u44}»',
  ],
  [
    'n96-observium-config-php-snmp-community',
    "$config['snmp']['community'] = array(\"«{a14}»\");\n$config['snmp']['v3'][0]['authlevel']  = \"authPriv\";\n$config['snmp']['v3'][0]['authname']   = \"observium\";\n$config['snmp']['v3'][0]['authpass']   = \"«{a18}»\";\n$config['snmp']['v3'][0]['authalgo']   = \"SHA\";\n$config['snmp']['v3'][0]['cryptopass'] = \"«{a18}»\";",
  ],
  [
    'n96-ios-tacacs-radius-shared-keys',
    'tacacs server ISE-PSN-1\n address ipv4 10.9.0.11\n key 0 «{a20}»\n!\nradius server ISE-RAD-1\n address ipv4 10.9.0.12 auth-port 1812 acct-port 1813\n key «{a18}»',
  ],
  ['n96-ios-type7-password-line-vty', 'line vty 0 4\n password 7 «0{d1}{H20}»\n login\n transport input ssh'],
  [
    'n96-ios-ospf-md5-and-key-chain',
    'key chain OSPF-AREA0\n key 1\n  key-string «{a16}»\n  cryptographic-algorithm hmac-sha-256\n!\ninterface TenGigabitEthernet0/1/0\n ip ospf message-digest-key 1 md5 «{a14}»',
  ],
  [
    'n96-ios-isakmp-preshared-key',
    'crypto isakmp policy 10\n encr aes 256\n authentication pre-share\n group 14\ncrypto isakmp key «{a24}» address 203.0.113.18',
  ],
  [
    'n96-junos-bgp-authentication-key-dollar9',
    'protocols {\n    bgp {\n        group transit-a {\n            neighbor 198.51.100.1 {\n                peer-as 64501;\n                authentication-key "«$9${a34}»"; ## SECRET-DATA\n            }\n        }\n    }\n}',
  ],
  [
    'n96-eos-bgp-neighbor-password-cleartext',
    'router bgp 65101\n   neighbor EVPN-OVERLAY peer group\n   neighbor EVPN-OVERLAY password 0 «{a18}»\n   neighbor 10.255.255.1 peer group EVPN-OVERLAY',
  ],
  [
    'n96-fortigate-config-system-admin-password-set',
    'config system admin\n    edit "netops"\n        set accprofile "super_admin"\n        set vdom "root"\n        set password «{a16}»\n    next\nend',
  ],
  [
    'n96-fortigate-vpn-ipsec-psksecret',
    'config vpn ipsec phase1-interface\n    edit "to-aws-1"\n        set interface "wan1"\n        set remote-gw 52.28.14.9\n        set psksecret «{a32}»\n    next\nend',
  ],
  [
    'n96-panos-set-cli-ike-pre-shared-key',
    'set network ike gateway gw-branch-14 authentication pre-shared-key key «{a24}»\nset network ike gateway gw-branch-14 peer-address ip 198.51.100.77',
  ],
  [
    'n96-freeradius-clients-conf-secret',
    'client wlc-cluster {\n    ipaddr = 10.30.0.0/24\n    secret = «{a24}»\n    shortname = wlc\n    nas_type = cisco\n}',
  ],
  [
    'n96-tac-plus-ng-key-and-user-password',
    'id = spawnd { listen = { port = 49 } }\nid = tac_plus {\n    host = network-devices {\n        address = 10.0.0.0/8\n        key = "«{a22}»"\n    }\n    user = breakglass {\n        password = clear «{a18}»\n    }\n}',
  ],
  [
    'n96-wireguard-mgmt-tunnel-private-key',
    '# /etc/wireguard/wg-oob.conf on the out-of-band jump host\n[Interface]\nAddress = 10.250.0.1/24\nListenPort = 51820\nPrivateKey = «{b43}=»\n\n[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.250.0.2/32',
  ],
  [
    'n96-vyos-set-service-snmp-v3-and-bgp-password',
    "set protocols bgp neighbor 192.0.2.9 password '«{a16}»'\nset service snmp v3 user nms auth plaintext-password '«{a18}»'\nset service snmp v3 user nms privacy plaintext-password '«{a18}»'",
  ],
  [
    'n96-mikrotik-routeros-user-add-password',
    '/user add name=oxidized group=read password="«{a18}»" address=10.0.0.0/8\n/snmp community set [ find default=yes ] name=«{a14}» addresses=10.10.0.0/24',
  ],
  [
    'n96-pyeapi-eapi-conf-connection-password',
    '# ~/.eapi.conf\n[connection:leaf1]\nhost: 10.0.1.11\nusername: eapi\npassword: «{a18}»\ntransport: https\n\n[connection:leaf2]\nhost: 10.0.1.12\nusername: eapi\npassword: «{a18}»\ntransport: https',
  ],
  [
    'n96-junos-pyez-device-passwd',
    'from jnpr.junos import Device\nfrom jnpr.junos.utils.config import Config\n\nwith Device(host="qfx-5120-r3", user="pyez", passwd="«{a18}»", port=830) as dev:\n    cu = Config(dev)\n    cu.load(path="set-vlans.set", format="set")\n    cu.commit(comment="vlan 310 for new tenant")',
  ],
  [
    'n96-ncclient-manager-connect-password',
    'with manager.connect(host="csr1kv-3", port=830, username="netconf", password="«{a18}»",\n                     hostkey_verify=False, device_params={"name": "csr"}) as m:\n    c = m.get_config(source="running").data_xml',
  ],
  [
    'n96-gnmic-cli-password-flag',
    "$ gnmic -a 172.20.20.2:57400 -u admin -p '«{a16}»' --skip-verify get --path /interfaces/interface[name=Ethernet1]/state/counters",
  ],
  [
    'n96-gnmic-config-yaml-targets-password',
    '# gnmic.yaml\nusername: gnmic\npassword: «{a20}»\nskip-verify: true\nencoding: json_ietf\ntargets:\n  spine1:57400:\n  spine2:57400:\n    password: «{a20}»',
  ],
  [
    'n96-f5-bigip-auth-token-curl-response',
    '$ curl -sk https://bigip-a.lb.corp/mgmt/shared/authn/login -d \'{"username":"automation","password":"«{a18}»","loginProviderName":"tmos"}\' | jq -r .token.token\n«{u26}»',
  ],
  [
    'n96-infoblox-wapi-requests-basic-auth',
    'resp = requests.get(\n    "https://gm.infoblox.corp/wapi/v2.12/record:host",\n    params={"name~": "leaf-", "_return_fields": "name,ipv4addrs"},\n    auth=("ipam-sync", "«{a20}»"),\n    verify="/etc/ssl/certs/corp-ca.pem",\n)',
  ],
  [
    'n96-dnacentersdk-api-password',
    'from dnacentersdk import DNACenterAPI\n\ndnac = DNACenterAPI(base_url="https://dnac.corp.acme.net", username="devnetuser", password="«{a16}»", version="2.3.7.6", verify=False)\ndevices = dnac.devices.get_device_list(family="Switches and Hubs")',
  ],
  [
    'n96-meraki-webhook-shared-secret-flask',
    'MERAKI_SHARED_SECRET = "«{a32}»"\n\n@app.post("/meraki/alerts")\ndef alerts():\n    body = request.get_json()\n    if body.get("sharedSecret") != MERAKI_SHARED_SECRET:\n        abort(403)',
  ],
  [
    'n96-panos-keygen-curl-and-xml-response',
    "$ curl -sk -X POST 'https://fw-edge-ams.mgmt/api/?type=keygen' -d 'user=automation&password=«{a18}»'\n<response status = 'success'><result><key>«LUFRPT{b76}=»</key></result></response>",
  ],
  [
    'n96-panos-panrc-api-key-tagged',
    '# ~/.panrc\nhostname%edge=fw-edge-ams.mgmt\napi_key%edge=«LUFRPT{b72}==»\nhostname%dc=pa-3220-dc1.mgmt.corp\napi_key%dc=«LUFRPT{b72}==»',
  ],
  [
    'n96-panos-x-pan-key-header-requests',
    'headers = {"X-PAN-KEY": "«LUFRPT{b80}==»"}\nr = requests.get("https://pa-3220-dc1.mgmt.corp/restapi/v10.2/Objects/Addresses", params={"location": "vsys", "vsys": "vsys1"}, headers=headers, verify=False)',
  ],
  [
    'n96-fortigate-rest-access-token-query-param',
    'curl -sk "https://192.168.1.99/api/v2/monitor/system/interface?access_token=«{l30}»&vdom=root" | jq \'.results.port1.link\'',
  ],
  [
    'n96-fortigate-generate-key-cli-output',
    'FGT60F # execute api-user generate-key terraform\nNew API key: «{l30}»\nNOTE: The bearer of this API key will be granted all access privileges assigned to the api-user terraform.',
  ],
  [
    'n96-kentik-api-headers-requests',
    'KENTIK_HEADERS = {\n    "X-CH-Auth-Email": "netops@acme.net",\n    "X-CH-Auth-API-Token": "«{h32}»",\n    "Content-Type": "application/json",\n}\nr = requests.get("https://api.kentik.eu/api/v5/devices", headers=KENTIK_HEADERS)',
  ],
  [
    'n96-thousandeyes-bearer-token-curl',
    'curl -s https://api.thousandeyes.com/v7/tests \\\n  -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" | jq \'.tests[] | select(.type=="agent-to-server") | .testName\'',
  ],
  [
    'n96-juniper-mist-api-token-header',
    'MIST_API = "https://api.eu.mist.com/api/v1"\nMIST_HEADERS = {"Authorization": "Token «{a64}»"}\nsites = requests.get(f"{MIST_API}/orgs/{ORG_ID}/sites", headers=MIST_HEADERS).json()',
  ],
  [
    'n96-aruba-central-token-json-cache',
    '$ cat ~/.pycentral/token_default.json\n{"access_token": "«{a32}»", "refresh_token": "«{a32}»", "expires_in": 7200, "token_type": "bearer", "appname": "nms"}',
  ],
  [
    'n96-solarwinds-orionsdk-swisclient-password',
    'from orionsdk import SwisClient\n\nswis = SwisClient("orion.noc.corp", "svc_orion_api", "«{a20}»")\nresults = swis.query("SELECT TOP 10 NodeID, Caption, IPAddress FROM Orion.Nodes WHERE Status = 2")',
  ],
  [
    'n96-cvprac-client-connect-password',
    'from cvprac.cvp_client import CvpClient\n\nclnt = CvpClient()\nclnt.connect(nodes=["cvp1.mgmt", "cvp2.mgmt", "cvp3.mgmt"], username="cvpadmin", password="«{a18}»")\nprint(clnt.api.get_cvp_info())',
  ],
  [
    'n96-cvprac-cvaas-api-token',
    'clnt = CvpClient()\nclnt.connect(["www.arista.io"], "", "", is_cvaas=True, api_token="«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B110}.{B86}»")',
  ],
  [
    'n96-suzieq-inventory-plain-password',
    'sources:\n  - name: dc1-hosts\n    hosts:\n      - url: ssh://10.0.0.1\n      - url: ssh://10.0.0.2\nauths:\n  - name: dc1-creds\n    username: suzieq\n    password: plain:«{a18}»\ndevices:\n  - name: dc1-devs\n    transport: ssh\n    ignore-known-hosts: true',
  ],
  [
    'n96-suzieq-rest-api-key-cfg',
    '# ~/.suzieq/suzieq-cfg.yml\ndata-directory: /srv/suzieq/parquet\nrest:\n  API_KEY: «{a40}»\n  address: 0.0.0.0\n  port: 8000',
  ],
  [
    'n96-netbox-ssot-openssh-private-key-automation',
    '$ cat ~/.ssh/netauto_ed25519\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD{b45}\n{b70}\n{b70}\n{b40}=\n-----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'n96-nats-nkey-seed-telemetry-bus',
    '# gnmic output to NATS telemetry bus\noutputs:\n  nats-bus:\n    type: nats\n    address: nats.telemetry.corp:4222\n    subject: telemetry.gnmi\n    nkey-seed: «SU{c56}»',
  ],
  [
    'n96-filebeat-elasticsearch-api-key',
    'output.elasticsearch:\n  hosts: ["https://es-syslog.noc.corp:9200"]\n  api_key: "«{B20}:{B22}»"\nfilebeat.inputs:\n  - type: syslog\n    protocol.udp:\n      host: "0.0.0.0:514"',
  ],
  [
    'n96-graylog-api-token-basic-auth-token-literal',
    "curl -s -u «{l52}»:token -H 'Accept: application/json' 'https://graylog.noc.corp/api/search/universal/relative?query=source%3Aedge-rtr2&range=3600'",
  ],
  [
    'n96-healthchecks-ping-url-cron-backup',
    '# /etc/cron.d/oxidized-healthcheck\n*/30 * * * * oxidized /opt/oxidized/bin/check-last-run.sh && curl -fsS -m 10 --retry 5 -o /dev/null «https://hc-ping.com/{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'n96-uptime-kuma-push-url-token',
    '# push monitor for the RANCID nightly run\ncurl -fsS "«https://status.noc.corp/api/push/{a10}»?status=up&msg=rancid-ok&ping="',
  ],
  [
    'n96-kafka-pmacct-sasl-password',
    '! /etc/pmacct/nfacctd.conf\nplugins: kafka\nkafka_broker_host: kafka-1.telemetry\nkafka_topic: netflow.raw\nkafka_config_file: /etc/pmacct/librdkafka.conf\n! librdkafka.conf\nglobal, sasl.username, nfacctd\nglobal, sasl.password, «{a24}»',
  ],
  [
    'n96-gnmic-kafka-output-sasl-password',
    'outputs:\n  kafka-out:\n    type: kafka\n    address: kafka-1.telemetry:9093\n    topic: gnmic-telemetry\n    sasl:\n      user: gnmic\n      password: «{a22}»\n      mechanism: SCRAM-SHA-512',
  ],
  [
    'n96-promtail-log-push-url-with-credentials',
    'level=warn ts=2024-06-12T09:41:07.318Z caller=client.go:430 component=client host=logs-prod-eu-west-0.grafana.net msg="error sending batch, will retry" status=401 error="server returned HTTP status 401 Unauthorized (401): invalid token" url=https://{d6}:«glc_eyJvIjoi{B110}fX0=»@logs-prod-eu-west-0.grafana.net/loki/api/v1/push',
  ],
  [
    'n96-oxidized-log-http-source-token-leak',
    'W, [2024-06-12T03:00:02.114 #4121]  WARN -- : /opt/oxidized/source/http: GET https://netbox.corp.acme.net/api/dcim/devices/?status=active failed 403 (headers={"Authorization"=>"Token «{h40}»"})',
  ],
  [
    'n96-ansible-log-no-log-missing-become-pass',
    '2024-06-12 10:02:11,514 p=88213 u=netops n=ansible | <10.60.0.1> ESTABLISH LOCAL CONNECTION FOR USER: netops\n2024-06-12 10:02:11,530 p=88213 u=netops n=ansible | fatal: [fw-dmz-1]: FAILED! => {"changed": false, "msg": "unable to elevate privilege to enable mode", "invocation": {"module_args": {"auth_pass": "«{a16}»", "commands": ["show version"]}}}',
  ],
  [
    'n96-telegraf-debug-log-influx-token-header',
    '2024-06-12T11:20:00Z D! [outputs.influxdb_v2] Request: POST https://influx.noc.corp:8086/api/v2/write?bucket=gnmi&org=netops\n2024-06-12T11:20:00Z D! [outputs.influxdb_v2] Header: Authorization: Token «{B86}==»\n2024-06-12T11:20:00Z E! [outputs.influxdb_v2] When writing to [https://influx.noc.corp:8086]: 401 Unauthorized: unauthorized access',
  ],
  [
    'n96-chat-prose-netbox-token-and-fortigate-token',
    "ok so for the sync job I'm using the netbox token «{h40}» (read-only) and the FortiGate REST admin token «{l30}». The script pulls prefixes from NetBox and pushes address objects, but the fortigate side returns 424 on every POST. What am I missing?",
  ],
  [
    'n96-chat-prose-snmpv3-passphrases-troubleshoot',
    'snmpwalk from the poller works with `-u nms -l authPriv -a SHA -A «{a16}» -x AES -X «{a16}»` against 10.0.0.1 but the same creds in snmp_exporter give "unknown user name". Engine ID is 80000009030000{H12} if that matters.',
  ],
  [
    'n96-chat-prose-alertmanager-slack-webhook',
    'can you clean up this alertmanager route tree? also the slack receiver posts to «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}» and I want resolved notifications to go to the same channel but with a different title template',
  ],
  [
    'n96-chat-prose-enable-secret-and-tacacs-breakglass',
    'Context for the migration runbook: if TACACS is down use local breakglass user `netadmin` / «{a10}#{a6}», enable secret «{a14}». Please turn this into a Nornir task that checks `show tacacs` first and only falls back when all servers are DEAD.',
  ],
  [
    'n96-go-netbox-client-token-header',
    'cfg := netbox.NewConfiguration()\ncfg.Servers[0].URL = "https://netbox.corp.acme.net"\ncfg.AddDefaultHeader("Authorization", "Token «{h40}»")\nclient := netbox.NewAPIClient(cfg)',
  ],
  [
    'n96-systemd-unit-environment-snmp-exporter-password',
    '[Service]\nUser=snmp_exporter\nEnvironment=SNMP_V3_PASSWORD=«{a20}»\nEnvironment=SNMP_V3_PRIV_PASSWORD=«{a20}»\nExecStart=/usr/local/bin/snmp_exporter --config.file=/etc/snmp_exporter/snmp.yml --config.expand-environment-variables',
  ],
];
export const BLIND96_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'n96-neg-netmiko-device-dict-getpass-and-env',
    'import os\nfrom getpass import getpass\nfrom netmiko import ConnectHandler\n\ndevice = {\n    "device_type": "cisco_ios",\n    "host": "10.20.0.11",\n    "username": os.environ["NET_USER"],\n    "password": getpass("Device password: "),\n    "secret": os.environ.get("NET_ENABLE_SECRET", ""),\n}',
  ],
  [
    'n96-neg-netmiko-session-log-masked-password',
    '$ tail -4 logs/core-sw1-session.log\ncore-sw1>enable\nPassword: ********\ncore-sw1#terminal length 0\ncore-sw1#show interfaces GigabitEthernet1/0/48 status',
  ],
  [
    'n96-neg-nornir-hosts-yaml-no-secrets-interfaces',
    'leaf-101:\n  hostname: 10.0.1.101\n  platform: eos\n  groups: [leafs, dc1]\n  data:\n    asn: 65101\n    loopback0: 10.255.1.101/32\n    uplinks: [Ethernet49/1, Ethernet50/1]\n    mlag_peer_link: Port-Channel2000',
  ],
  [
    'n96-neg-nornir-transform-env-lookup',
    'def inject_creds(host):\n    host.username = os.environ["NORNIR_USERNAME"]\n    host.password = os.environ["NORNIR_PASSWORD"]\n    host.connection_options["netmiko"].extras["secret"] = os.environ["NORNIR_ENABLE"]',
  ],
  [
    'n96-neg-pyats-testbed-env-and-ask-markers',
    'testbed:\n  name: dc1_core\n  credentials:\n    default:\n      username: "%ENV{PYATS_USERNAME}"\n      password: "%ENV{PYATS_PASSWORD}"\n    enable:\n      password: "%ASK{}"',
  ],
  [
    'n96-neg-ansible-group-vars-vault-lookups',
    'ansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.ios.ios\nansible_user: "{{ vault_net_user }}"\nansible_password: "{{ vault_net_password }}"\nansible_become: true\nansible_become_method: enable\nansible_become_password: "{{ vault_enable_secret }}"',
  ],
  [
    'n96-neg-ansible-vault-encrypted-blob',
    'ansible_become_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {h64}\n          {h64}\n          {h64}\n          {h32}',
  ],
  [
    'n96-neg-ansible-network-facts-output-serials',
    'ok: [rtr-edge-01] => {\n    "ansible_net_hostname": "rtr-edge-01",\n    "ansible_net_model": "ISR4451-X/K9",\n    "ansible_net_serialnum": "FDO{d4}{U4}",\n    "ansible_net_version": "17.09.04a",\n    "ansible_net_image": "bootflash:isr4400-universalk9.17.09.04a.SPA.bin"\n}',
  ],
  [
    'n96-neg-ios-show-run-oxidized-stripped-secrets',
    'enable secret 9 <secret hidden>\nusername netops privilege 15 secret 9 <secret hidden>\nsnmp-server community <configuration removed> RO 99\ntacacs server ISE-PSN-1\n address ipv4 10.9.0.11\n key 7 <secret hidden>',
  ],
  [
    'n96-neg-eos-show-running-config-sanitized',
    'leaf-101#show running-config sanitized | include secret|password|community\nusername admin privilege 15 role network-admin secret sha512 <removed>\nsnmp-server community <removed> ro SNMP-RO\n   neighbor EVPN-OVERLAY password 7 <removed>',
  ],
  [
    'n96-neg-snmp-exporter-default-public-community-commented',
    'auths:\n  public_v2:\n    # "public" is snmp_exporter\'s built-in default community, only used in the lab\n    community: public\n    version: 2',
  ],
  [
    'n96-neg-snmp-engine-id-and-oids-output',
    '$ snmpget -v3 -l authPriv -u nms -a SHA -A "$SNMP_AUTH" -x AES -X "$SNMP_PRIV" 10.0.0.1 SNMP-FRAMEWORK-MIB::snmpEngineID.0 IF-MIB::ifHCInOctets.1001\nSNMP-FRAMEWORK-MIB::snmpEngineID.0 = Hex-STRING: 80 00 00 09 03 00 {H2} {H2} {H2} {H2} {H2} {H2}\nIF-MIB::ifHCInOctets.1001 = Counter64: {d13}',
  ],
  [
    'n96-neg-snmp-walk-oid-table-numeric',
    '.1.3.6.1.2.1.2.2.1.2.10101 = STRING: "GigabitEthernet1/0/1"\n.1.3.6.1.2.1.2.2.1.6.10101 = Hex-STRING: 70 1F 53 {H2} {H2} {H2}\n.1.3.6.1.2.1.31.1.1.1.18.10101 = STRING: "uplink to dist-sw2 Te1/1/1"\n.1.3.6.1.4.1.9.9.13.1.3.1.3.1006 = Gauge32: 38',
  ],
  [
    'n96-neg-snmp-exporter-config-env-expansion',
    'auths:\n  netops_v3:\n    version: 3\n    username: prom-snmp\n    security_level: authPriv\n    auth_protocol: SHA256\n    password: ${SNMP_V3_PASSWORD}\n    priv_protocol: AES\n    priv_password: ${SNMP_V3_PRIV_PASSWORD}',
  ],
  [
    'n96-neg-prometheus-scrape-credentials-file-paths',
    '  - job_name: gnmic\n    scheme: https\n    authorization:\n      type: Bearer\n      credentials_file: /etc/prometheus/secrets/gnmic-token\n    basic_auth:\n      username: prometheus\n      password_file: /run/secrets/prometheus_basic_auth',
  ],
  [
    'n96-neg-prometheus-metric-series-labels',
    'ifHCInOctets{ifAlias="uplink-core-rtr1",ifDescr="TenGigabitEthernet1/1/1",ifIndex="10601",ifName="Te1/1/1",instance="dist-sw2.fra",job="snmp-core"} 7.341992e+13\nbgp_peer_state{peer="10.255.0.9",peer_as="64512",router="edge-rtr2"} 1',
  ],
  [
    'n96-neg-promql-recording-rule-expression',
    'groups:\n  - name: interfaces\n    rules:\n      - record: instance_ifname:if_in_bps:rate5m\n        expr: rate(ifHCInOctets{job="snmp-core"}[5m]) * 8\n      - alert: InterfaceDown\n        expr: ifOperStatus{ifAlias=~"uplink.*"} == 2\n        annotations:\n          summary: "{{ $labels.ifName }} on {{ $labels.instance }} is down"',
  ],
  [
    'n96-neg-alertmanager-alert-fingerprints-and-group-key',
    '$ amtool alert query -o extended alertname=InterfaceDown\nLabels                                                     Annotations  Starts At  Ends At  Generator URL  State\nalertname="InterfaceDown" ifName="Te1/1/1" instance="dist-sw2.fra"   ...\nfingerprint={h16} groupKey={}/{alertname=~"^(?:Interface.*)$"}:{alertname="InterfaceDown"}',
  ],
  [
    'n96-neg-alertmanager-receivers-file-refs',
    "receivers:\n  - name: netops-slack\n    slack_configs:\n      - api_url_file: /etc/alertmanager/secrets/slack-netops-url\n        channel: '#netops-alerts'\n  - name: netops-pager\n    pagerduty_configs:\n      - routing_key_file: /etc/alertmanager/secrets/pd-routing-key",
  ],
  [
    'n96-neg-alertmanager-webhook-payload-ids',
    '{\n  "receiver": "chatops-bridge",\n  "status": "firing",\n  "groupKey": "{}:{alertname=\\"BGPSessionDown\\"}",\n  "truncatedAlerts": 0,\n  "alerts": [{"fingerprint": "{h16}", "labels": {"peer": "198.51.100.1", "router": "edge-rtr2"}, "startsAt": "2024-06-11T08:14:02.518Z"}],\n  "externalURL": "https://alertmanager.noc.corp"\n}',
  ],
  [
    'n96-neg-grafana-datasource-file-and-env-refs',
    '  - name: Prometheus-NOC\n    type: prometheus\n    uid: {a9}\n    url: https://prometheus.noc.corp\n    basicAuth: true\n    basicAuthUser: grafana\n    secureJsonData:\n      basicAuthPassword: $__file{/run/secrets/grafana_prom_password}\n      httpHeaderValue1: $__env{LOKI_BEARER}',
  ],
  [
    'n96-neg-grafana-dashboard-json-uids',
    '{\n  "uid": "{a14}",\n  "title": "Core BGP sessions",\n  "panels": [\n    {"id": 4, "type": "timeseries", "datasource": {"type": "prometheus", "uid": "P{H15}"},\n     "targets": [{"expr": "bgp_peer_state{router=~\\"$router\\"}", "refId": "A"}]}\n  ],\n  "version": 37\n}',
  ],
  [
    'n96-neg-grafana-contact-point-secure-fields-masked',
    '$ curl -s -H "Authorization: Bearer $GRAFANA_TOKEN" https://grafana.noc.corp/api/v1/provisioning/contact-points | jq \'.[0]\'\n{\n  "uid": "netops-slack-01",\n  "name": "netops-slack",\n  "type": "slack",\n  "settings": {"recipient": "#netops-alerts", "url": "[REDACTED]"},\n  "disableResolveMessage": false\n}',
  ],
  [
    'n96-neg-loki-logql-query-and-tenant-header',
    'curl -G -s https://loki.noc.corp/loki/api/v1/query_range \\\n  -H "X-Scope-OrgID: network" \\\n  --data-urlencode \'query=sum by (host) (count_over_time({job="syslog-network"} |= "%LINEPROTO-5-UPDOWN" [5m]))\' \\\n  --data-urlencode \'start=1718092800000000000\'',
  ],
  [
    'n96-neg-alloy-remote-kubernetes-secret-ref',
    'remote.kubernetes.secret "cloud" {\n  namespace = "monitoring"\n  name      = "grafana-cloud-creds"\n}\nloki.write "grafana_cloud" {\n  endpoint {\n    url = "https://logs-prod-006.grafana.net/loki/api/v1/push"\n    basic_auth {\n      username = nonsensitive(remote.kubernetes.secret.cloud.data["loki_username"])\n      password = remote.kubernetes.secret.cloud.data["loki_password"]\n    }\n  }\n}',
  ],
  [
    'n96-neg-promtail-config-env-expansion-client',
    'clients:\n  - url: https://${LOKI_HOST}/loki/api/v1/push\n    basic_auth:\n      username: ${LOKI_USER}\n      password_file: /etc/promtail/loki-password',
  ],
  [
    'n96-neg-telegraf-env-and-secretstore-refs',
    '[[secretstores.os]]\n  id = "netops"\n\n[[outputs.influxdb_v2]]\n  urls = ["https://influx.noc.corp:8086"]\n  token = "@{netops:influx_token}"\n  organization = "netops"\n  bucket = "gnmi"\n\n[[inputs.gnmi]]\n  addresses = ["spine1.dc1:6030"]\n  username = "${GNMI_USER}"\n  password = "${GNMI_PASSWORD}"',
  ],
  [
    'n96-neg-influxdb-org-and-bucket-ids',
    '$ influx bucket list --org netops\nID                      Name            Retention       Shard group duration    Organization ID         Schema Type\n{h16}        gnmi            720h0m0s        24h0m0s                 {h16}        implicit\n{h16}        snmp            2160h0m0s       24h0m0s                 {h16}        implicit',
  ],
  [
    'n96-neg-vector-sinks-env-interpolation',
    '[sinks.splunk_network]\ntype = "splunk_hec_logs"\ninputs = ["parse_syslog"]\nendpoint = "https://splunk-hec.corp.acme.net:8088"\ndefault_token = "${SPLUNK_HEC_TOKEN}"\n\n[sinks.dd_logs]\ntype = "datadog_logs"\ninputs = ["routers_syslog"]\ndefault_api_key = "${DD_API_KEY:?missing}"',
  ],
  [
    'n96-neg-splunk-hec-request-channel-and-ack-ids',
    '$ curl -s https://splunk-hec.corp.acme.net:8088/services/collector/ack?channel={h8}-{h4}-4{h3}-a{h3}-{h12} \\\n    -H "Authorization: Splunk $HEC_TOKEN" -d \'{"acks":[0,1,2]}\'\n{"acks":{"0":true,"1":true,"2":false}}',
  ],
  [
    'n96-neg-fluent-bit-env-vars-in-output',
    '[OUTPUT]\n    Name            splunk\n    Match           netdev.*\n    Host            ${SPLUNK_HOST}\n    Port            8088\n    Splunk_Token    ${SPLUNK_TOKEN}\n    TLS             On\n\n[OUTPUT]\n    Name        datadog\n    Match       syslog.*\n    apikey      ${DD_API_KEY}',
  ],
  [
    'n96-neg-otelcol-env-provider-headers',
    'exporters:\n  otlphttp/honeycomb:\n    endpoint: https://api.eu1.honeycomb.io\n    headers:\n      x-honeycomb-team: ${env:HONEYCOMB_API_KEY}\n  otlp/newrelic:\n    endpoint: otlp.eu01.nr-data.net:4317\n    headers:\n      api-key: ${env:NEW_RELIC_LICENSE_KEY}',
  ],
  [
    'n96-neg-otel-trace-and-span-ids-log',
    '2024-06-12T11:31:44.902Z INFO netbox-sync  synced 412 prefixes trace_id={h32} span_id={h16} trace_flags=01 service.instance.id={h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'n96-neg-otel-traceparent-header-curl',
    'curl -s https://netbox.corp.acme.net/api/status/ \\\n  -H "traceparent: 00-{h32}-{h16}-01" \\\n  -H "Authorization: Token $NETBOX_TOKEN"',
  ],
  [
    'n96-neg-zabbix-agent-conf-psk-identity-and-file',
    'Server=10.10.0.40\nServerActive=zabbix.noc.corp\nHostname=edge-rtr2-mgmt\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK-edge-rtr2\nTLSPSKFile=/etc/zabbix/zabbix_agent2.psk',
  ],
  [
    'n96-neg-zabbix-user-macros-references',
    'SNMP community: {$SNMP_COMMUNITY}\nAuth passphrase: {$SNMPV3_AUTHPASS}\nItem key: net.if.in[ifHCInOctets.{#SNMPINDEX}]\nTrigger: last(/Cisco IOS by SNMP/net.if.status[ifOperStatus.{#SNMPINDEX}])=2',
  ],
  [
    'n96-neg-zabbix-api-response-hostids',
    '{"jsonrpc":"2.0","result":[{"hostid":"10584","host":"edge-rtr2","interfaces":[{"interfaceid":"147","ip":"10.0.0.2","type":"2"}]},{"hostid":"10585","host":"edge-rtr3"}],"id":1}',
  ],
  [
    'n96-neg-nagios-resource-macro-usage',
    'define command {\n    command_name    check_snmp_v3_if\n    command_line    $USER1$/check_snmp -H $HOSTADDRESS$ -P 3 -L authPriv -U $USER6$ -a SHA -A $USER7$ -x AES -X $USER8$ -o $ARG1$\n}',
  ],
  [
    'n96-neg-icinga2-api-user-client-cert-only',
    'object ApiUser "netbox-sync" {\n  client_cn = "netbox-sync.noc.corp"\n  permissions = [ "objects/query/Host", "objects/create/Host" ]\n}',
  ],
  [
    'n96-neg-checkmk-automation-secret-env-ref',
    'export CMK_SITE=netmon\nexport CMK_USER=automation\ncurl -s "https://cmk.noc.corp/${CMK_SITE}/check_mk/api/1.0/version" \\\n  -H "Authorization: Bearer ${CMK_USER} ${CMK_AUTOMATION_SECRET}"',
  ],
  [
    'n96-neg-netbox-api-response-object-ids',
    '{\n  "id": 1874,\n  "url": "https://netbox.corp.acme.net/api/dcim/devices/1874/",\n  "display": "leaf-101",\n  "device_type": {"id": 42, "slug": "dcs-7050sx3-48yc8"},\n  "serial": "JPE{d8}",\n  "primary_ip4": {"id": 9921, "address": "10.0.1.101/32"},\n  "custom_fields": {"asset_tag_ext": "AT-{d6}"}\n}',
  ],
  [
    'n96-neg-netbox-token-env-reference-pynetbox',
    'import os\nimport pynetbox\n\nnb = pynetbox.api(os.environ["NETBOX_URL"], token=os.environ["NETBOX_TOKEN"])\nnb.http_session.verify = "/etc/ssl/certs/corp-ca.pem"',
  ],
  [
    'n96-neg-netbox-configuration-env-lookups',
    'SECRET_KEY = os.environ["SECRET_KEY"]\nAPI_TOKEN_PEPPERS = {1: os.environ["NETBOX_API_TOKEN_PEPPER_1"]}\nDATABASE = {\n    "NAME": "netbox",\n    "USER": "netbox",\n    "PASSWORD": _read_secret("db_password", os.environ.get("DB_PASSWORD", "")),\n    "HOST": "pg-netbox.internal",\n}',
  ],
  [
    'n96-neg-netbox-token-list-key-ids-only',
    '$ curl -s -H "Authorization: Bearer $NB_TOKEN" https://netbox.noc.internal/api/users/tokens/ | jq -c \'.results[] | {id, version, key, write_enabled, expires}\'\n{"id":12,"version":2,"key":"{a12}","write_enabled":false,"expires":null}\n{"id":15,"version":2,"key":"{a12}","write_enabled":true,"expires":"2025-01-01T00:00:00Z"}',
  ],
  [
    'n96-neg-nautobot-secrets-group-env-provider',
    '{\n  "name": "Device Credentials",\n  "secrets": [\n    {"name": "net-username", "provider": "environment-variable", "parameters": {"variable": "NAUTOBOT_NAPALM_USERNAME"}},\n    {"name": "net-password", "provider": "environment-variable", "parameters": {"variable": "NAUTOBOT_NAPALM_PASSWORD"}}\n  ]\n}',
  ],
  [
    'n96-neg-terraform-panos-provider-variables',
    'variable "panos_api_key" {\n  type      = string\n  sensitive = true\n}\nprovider "panos" {\n  hostname = var.panos_hostname\n  api_key  = var.panos_api_key\n}',
  ],
  [
    'n96-neg-terraform-plan-sensitive-values',
    '  # fortios_system_admin.netops will be updated in-place\n  ~ resource "fortios_system_admin" "netops" {\n        id        = "netops"\n        name      = "netops"\n      ~ password  = (sensitive value)\n        vdom      = [ { name = "root" } ]\n    }\nPlan: 0 to add, 1 to change, 0 to destroy.',
  ],
  [
    'n96-neg-terraform-aci-cert-private-key-file-path',
    'provider "aci" {\n  username    = "tf-cert-user"\n  cert_name   = "tf-cert"\n  private_key = file("${path.module}/secrets/tf-cert-user.key")\n  url         = "https://apic2.dc1.corp.net"\n}',
  ],
  [
    'n96-neg-aci-distinguished-names-and-epg',
    'uni/tn-prod/ap-web/epg-frontend\nuni/tn-prod/BD-bd-web/subnet-[10.40.1.1/24]\ntopology/pod-1/node-101/sys/phys-[eth1/49]',
  ],
  [
    'n96-neg-meraki-org-network-ids-and-serials',
    '$ python list_networks.py\norg 549236  Acme Retail\n  L_{d18}  Store-0142  appliance,switch,wireless\n  N_{d18}  DC-Edge     appliance\n  serial Q2HP-{U4}-{U4} MX250 up',
  ],
  [
    'n96-neg-panos-serials-and-xpath',
    "<entry name=\"{d12}\">  <!-- PA-3220 serial -->\n/config/devices/entry[@name='localhost.localdomain']/vsys/entry[@name='vsys1']/address/entry[@name='web-srv-01']",
  ],
  [
    'n96-neg-fortigate-api-user-config-trusthost',
    'config system api-user\n    edit "terraform"\n        set accprofile "tf-rw"\n        set vdom "root"\n        config trusthost\n            edit 1\n                set ipv4-trusthost 10.50.0.0 255.255.255.0\n            next\n        end\n    next\nend',
  ],
  [
    'n96-neg-ios-interface-and-bgp-config-no-secrets',
    'interface TenGigabitEthernet1/1/1\n description uplink-core-rtr1 Te0/0/2\n ip address 10.254.12.2 255.255.255.252\n!\nrouter bgp 65010\n bgp router-id 10.255.0.1\n neighbor 10.255.0.2 remote-as 65020\n neighbor 10.255.0.2 route-map RM-TRANSIT-IN in',
  ],
  [
    'n96-neg-bgp-communities-and-large-communities',
    'ip community-list standard CL-BLACKHOLE permit 65535:666\nip large-community-list standard LCL-CUST permit 64512:100:1\nroute-map RM-TRANSIT-IN permit 10\n set community 65010:3000 additive',
  ],
  [
    'n96-neg-bgp-summary-show-output',
    'edge-rtr2#show bgp ipv4 unicast summary\nNeighbor        V           AS MsgRcvd MsgSent   TblVer  InQ OutQ Up/Down  State/PfxRcd\n198.51.100.1    4        64501  981244   12044  4412231    0    0 3w2d       942113\n10.255.0.9      4        65020       0       0        1    0    0 00:04:11 Idle',
  ],
  [
    'n96-neg-wireguard-peer-public-keys-only',
    '$ sudo wg show wg-oob\ninterface: wg-oob\n  public key: {b43}=\n  listening port: 51820\n\npeer: {b43}=\n  endpoint: 198.51.100.40:51820\n  allowed ips: 10.250.0.2/32\n  latest handshake: 41 seconds ago',
  ],
  [
    'n96-neg-ssh-host-key-fingerprints-device',
    "The authenticity of host 'core-rtr1.fra (10.1.0.1)' can't be established.\nECDSA key fingerprint is SHA256:{b43}.\n$ ssh-keygen -lf ~/.ssh/known_hosts | grep core-rtr1\n256 SHA256:{b43} core-rtr1.fra (ECDSA)",
  ],
  [
    'n96-neg-ssh-public-key-automation-user',
    'username netauto privilege 15\nip ssh pubkey-chain\n  username netauto\n   key-hash ssh-rsa {H32} netauto@bastion\n# ~/.ssh/netauto_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} netauto@bastion',
  ],
  [
    'n96-neg-oxidized-git-log-commit-shas',
    '$ git -C /var/lib/oxidized/configs.git log --oneline -3\n{h7} update core-rtr1.fra\n{h7} update edge-fw2.fra\n{h7} update leaf-101.ams\n$ git -C /var/lib/oxidized/configs.git rev-parse HEAD\n{h40}',
  ],
  [
    'n96-neg-rancid-router-db-no-credentials',
    '# /var/lib/rancid/core/router.db\ncore-rtr1.fra;cisco;up;primary edge\ncore-rtr2.fra;cisco;up\nedge-fw2.fra;fortigate;down;RMA ticket 48213',
  ],
  [
    'n96-neg-oxidized-config-env-erb',
    "username: <%= ENV['OXIDIZED_USER'] %>\npassword: <%= ENV['OXIDIZED_PASSWORD'] %>\nsource:\n  default: csv\n  csv:\n    file: /home/oxidized/.config/oxidized/router.db\n    delimiter: !ruby/regexp /:/\n    map:\n      name: 0\n      model: 1",
  ],
  [
    'n96-neg-docker-image-digests-exporters',
    'prom/snmp-exporter@sha256:{h64}\ngrafana/alloy:v1.2.0@sha256:{h64}\notel/opentelemetry-collector-contrib:0.103.0@sha256:{h64}',
  ],
  [
    'n96-neg-exporter-release-checksums',
    '$ cat sha256sums.txt | grep linux-amd64\n{h64}  snmp_exporter-0.26.0.linux-amd64.tar.gz\n{h64}  blackbox_exporter-0.25.0.linux-amd64.tar.gz',
  ],
  [
    'n96-neg-kubernetes-secretkeyref-env-collector',
    '        env:\n          - name: HONEYCOMB_API_KEY\n            valueFrom:\n              secretKeyRef:\n                name: otel-exporter-keys\n                key: honeycomb\n          - name: K8S_NODE_NAME\n            valueFrom:\n              fieldRef:\n                fieldPath: spec.nodeName',
  ],
  [
    'n96-neg-sops-encrypted-values-group-vars',
    'ansible_password: ENC[AES256_GCM,data:{b24},iv:{b43}=,tag:{b22}==,type:str]\nansible_become_password: ENC[AES256_GCM,data:{b20},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    lastmodified: "2024-06-10T14:22:31Z"\n    mac: ENC[AES256_GCM,data:{b88},iv:{b43}=,tag:{b22}==,type:str]',
  ],
  [
    'n96-neg-vault-and-1password-references',
    "netbox_token: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/netops/netbox:token') }}\"\npanos_api_key: op://NetOps/pa-3220-dc1/api_key\nfortios_token: vault:secret/data/netops/fortigate#token",
  ],
  [
    'n96-neg-placeholder-angle-brackets-docs',
    'curl -k -H "Authorization: Bearer <FORTIGATE_API_TOKEN>" "https://<fortigate-ip>/api/v2/cmdb/firewall/address?vdom=root"\ncurl -k -X POST "https://<firewall>/api/?type=keygen&user=<username>&password=<password>"',
  ],
  [
    'n96-neg-placeholder-changeme-lab-defaults',
    '# containerlab defaults for the lab topology (documented vendor defaults, lab only)\n# cEOS: admin / admin      SR Linux: admin / NokiaSrl1!      vMX: admin / admin@123\npassword: changeme\nenable_secret: "****"',
  ],
  [
    'n96-neg-mac-address-table-output',
    'dist-sw2#show mac address-table interface Te1/1/1\n          Mac Address Table\nVlan    Mac Address       Type        Ports\n 310    {h4}.{h4}.{h4}    DYNAMIC     Te1/1/1\n 310    {h4}.{h4}.{h4}    DYNAMIC     Te1/1/1',
  ],
  [
    'n96-neg-lldp-neighbors-and-chassis-ids',
    'leaf-101#show lldp neighbors detail | i Chassis|Port ID|System Name\n  Chassis ID     : {h4}.{h4}.{h4}\n  Port ID     : "Ethernet49/1"\n  - System Name: "spine-01.dc1"',
  ],
  [
    'n96-neg-gnmi-subscribe-response-json',
    '{\n  "source": "spine1:57400",\n  "subscription-name": "ifcounters",\n  "timestamp": 1718192512114802933,\n  "time": "2024-06-12T11:41:52.114802933Z",\n  "updates": [{"Path": "interfaces/interface[name=Ethernet1]/state/counters/in-octets", "values": {"interfaces/interface/state/counters/in-octets": {d12}}}]\n}',
  ],
  [
    'n96-neg-netflow-ipfix-template-ids-and-flow-hash',
    '2024-06-12T11:50:02Z nfacctd: template id=260 observation_domain=512 fields=18 exporter=10.0.0.2\nflow_hash={h16} src=10.40.1.10:443 dst=198.51.100.23:51544 proto=6 bytes=18221 packets=14 sampling=1:1000',
  ],
  [
    'n96-neg-pagerduty-service-and-incident-ids',
    'Incident #48213 (Q{U13}) triggered on service P{U6} "Network Core" via integration "Alertmanager"\ndedup_key: {h32}',
  ],
  ['n96-neg-slack-channel-and-user-ids', 'channel_id: C0{U9}\nthread_ts: "1718192512.114809"\nbot_user_id: U0{U9}\nteam_id: T0{U8}'],
  [
    'n96-neg-opsgenie-alias-and-request-id',
    '{"result":"Request will be processed","took":0.014,"requestId":"{h8}-{h4}-4{h3}-9{h3}-{h12}"}\nalias: netops-{h32}',
  ],
  [
    'n96-neg-datadog-trace-ids-decimal',
    '2024-06-12 11:52:07,114 INFO [dd.service=netbox-sync dd.env=prod dd.version=3.2.1 dd.trace_id={d19} dd.span_id={d19}] pushed 412 prefixes to fortigate',
  ],
  [
    'n96-neg-grafana-alert-rule-uid-and-fingerprint',
    '[FIRING:1] InterfaceDown dist-sw2.fra Te1/1/1\nSource: https://grafana.noc.corp/alerting/grafana/{a14}/view?orgId=1\nFingerprint: {h16}\nSilence: https://grafana.noc.corp/alerting/silence/new?alertmanager=grafana&matcher=__alert_rule_uid__%3D{a14}',
  ],
  [
    'n96-neg-config-diff-ntp-change-only',
    '--- a/configs/core-rtr1.cfg\n+++ b/configs/core-rtr1.cfg\n@@ -12,7 +12,7 @@\n-ntp server 10.10.0.5\n+ntp server 10.10.0.6 prefer\n snmp-server location FRA1-ROW2-RACK04\n logging host 10.10.0.20 transport udp port 1514',
  ],
  [
    'n96-neg-juniper-commit-and-serials',
    '{master:0}\nnetops@qfx-5120-r3> show system commit\n0   2024-06-12 11:58:04 UTC by pyez via netconf\n    vlan 310 for new tenant\n1   2024-06-10 09:12:44 UTC by netops via cli\nnetops@qfx-5120-r3> show chassis hardware | match Chassis\nChassis                                WS{d10}          QFX5120-48Y-8C',
  ],
  [
    'n96-neg-librenms-device-port-ids-api',
    '{"status":"ok","ports":[{"port_id":88213,"ifName":"Te1/1/1","ifAlias":"uplink-core-rtr1","ifSpeed":10000000000},{"port_id":88214,"ifName":"Te1/1/2"}],"count":2}',
  ],
  [
    'n96-neg-kentik-device-ids-and-flow-dims',
    'device_id=88213 device_name=edge-rtr2 i_device_site_name=FRA1 src_as=64501 dst_as=65010 i_input_interface_description="Transit-A et-0/0/1"',
  ],
  [
    'n96-neg-otel-resource-attributes-uuid',
    'resource:\n  attributes:\n    - key: service.instance.id\n      value: {h8}-{h4}-4{h3}-b{h3}-{h12}\n      action: upsert\n    - key: net.host.name\n      value: gnmic-collector-01',
  ],
  [
    'n96-neg-base64-of-device-description',
    '# NetBox custom field "config_context_b64" on leaf-101 (just the JSON context, base64-encoded for the template engine)\neyJudHBfc2VydmVycyI6IFsiMTAuMTAuMC41IiwgIjEwLjEwLjAuNiJdLCAic3lzbG9nX2hvc3QiOiAiMTAuMTAuMC4yMCJ9',
  ],
  [
    'n96-neg-helm-values-templated-secrets',
    "alertmanager:\n  config:\n    global:\n      slack_api_url: '{{ .Values.alerting.slackWebhook }}'\n    receivers:\n      - name: netops-pager\n        pagerduty_configs:\n          - routing_key: '{{ .Values.alerting.pagerdutyKey | required \"pagerdutyKey\" }}'",
  ],
];
